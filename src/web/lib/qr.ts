/**
 * The check-in QR code (issue 20) drawn by whoever shows it: as vector squares on the PDF sheet
 * and as an SVG path on the verify page, both from the same module matrix. The `qrcode` package
 * is imported on use, so no page pays for it before it shows a code.
 */

/** A QR code's dark modules as horizontal runs (fewer shapes than one square per module). */
export interface QrRuns {
  /** Modules per side, the quiet zone included. */
  size: number;
  runs: Array<{ row: number; column: number; length: number }>;
}

const QUIET_ZONE = 2;

export async function qrRuns(text: string): Promise<QrRuns> {
  const { create } = await import("qrcode");
  // Level M survives a creased or dimly lit print.
  const { modules } = create(text, { errorCorrectionLevel: "M" });
  const runs: QrRuns["runs"] = [];
  for (let row = 0; row < modules.size; row++) {
    let start = -1;
    for (let column = 0; column <= modules.size; column++) {
      const dark = column < modules.size && modules.get(row, column);
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        runs.push({ row: row + QUIET_ZONE, column: start + QUIET_ZONE, length: column - start });
        start = -1;
      }
    }
  }
  return { size: modules.size + QUIET_ZONE * 2, runs };
}

/** The runs as one SVG path, one unit per module. */
export function qrPath({ runs }: QrRuns): string {
  return runs.map(({ row, column, length }) => `M${column} ${row}h${length}v1h-${length}z`).join("");
}

/** The code as a standalone SVG file: black on white, quiet zone included, crisp at any size. */
export function qrSvg(qr: QrRuns): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${qr.size} ${qr.size}" shape-rendering="crispEdges">` +
    `<rect width="${qr.size}" height="${qr.size}" fill="#fff"/><path fill="#000" d="${qrPath(qr)}"/></svg>`
  );
}

/** The code as a PNG of `modulePixels` per module (a print-ready ~1,000 px at the default). */
export function qrPng(qr: QrRuns, modulePixels = 24): Promise<Blob> {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = qr.size * modulePixels;
  const context = canvas.getContext("2d");
  if (!context) return Promise.reject(new Error("no 2D canvas"));
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = "#000";
  for (const { row, column, length } of qr.runs)
    context.fillRect(column * modulePixels, row * modulePixels, length * modulePixels, modulePixels);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("the canvas made no PNG"))), "image/png"),
  );
}
