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
