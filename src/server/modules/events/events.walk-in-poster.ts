/**
 * The walk-in poster (issue 35): an A4 PDF for the venue's door with the event's name, date and
 * place, a large QR code and the address it opens: the event's form at its short address in walk-in
 * mode (`/e/<slug>?walkin=<token>`, the token signed for this event: registration-links.ts). Drawn
 * with jsPDF and the `qrcode` encoder, as the event's poster is in the browser (the web's
 * event-poster.ts), but here: the token is the server's to sign. Helvetica is WinAnsi-encoded,
 * which covers Spanish (á é í ó ú ñ ü ¿ ¡).
 */
import { formatLongDateFor } from "@common/dates-language";
import { translator, type Language } from "@common/i18n";
import { jsPDF } from "jspdf";
import QRCode from "qrcode";

const PAGE = { width: 210, height: 297, margin: 20 } as const;
/** Large enough for a phone's camera from a couple of metres; the address is long, so the code is dense. */
const QR_SIDE_MM = 140;
const QUIET_ZONE = 2;
const VIOLET: [number, number, number] = [91, 33, 182];
const INK: [number, number, number] = [30, 30, 40];
const POINT_MM = 0.3528;

export interface PosterEvent {
  eventName: string;
  eventDate: string;
  location: string;
}

/** The QR code's dark modules as horizontal runs: fewer shapes than a square per module. */
function qrRuns(text: string) {
  // Level M survives a creased or dimly lit print.
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const runs: Array<{ row: number; column: number; length: number }> = [];
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

/** The poster's PDF, in `language`. */
export function walkInPoster(event: PosterEvent, url: string, language: Language): Buffer {
  const t = translator(language);
  const doc = new jsPDF({ format: "a4", unit: "mm", orientation: "portrait" });
  doc.setProperties({ title: `${t("events.walkInPoster.title")} ${event.eventName}`, creator: "OpenCall" });
  const width = PAGE.width - PAGE.margin * 2;
  const center = PAGE.width / 2;
  let y = PAGE.margin + 4;

  const lines = (text: string, size: number, style: "bold" | "normal", color: [number, number, number], gap = 1.2) => {
    doc.setFont("helvetica", style);
    doc.setFontSize(size);
    doc.setTextColor(...color);
    const wrapped = doc.splitTextToSize(text, width) as string[];
    doc.text(wrapped, center, y + size * POINT_MM, { align: "center", lineHeightFactor: gap });
    y += wrapped.length * size * POINT_MM * gap;
  };

  lines(t("events.walkInPoster.title"), 30, "bold", VIOLET, 1.1);
  y += 2;
  lines(t("events.walkInPoster.subtitle"), 18, "normal", INK);
  y += 7;
  lines(event.eventName, 24, "bold", INK, 1.1);
  y += 2;
  lines(`${t("events.poster.date")}: ${formatLongDateFor(language, event.eventDate)}`, 15, "normal", INK);
  lines(`${t("events.poster.place")}: ${event.location}`, 15, "normal", INK);
  y += 7;

  // The code, as vector squares on white (a printer's own dots, no image scaling).
  const qr = qrRuns(url);
  const cell = QR_SIDE_MM / qr.size;
  const left = center - QR_SIDE_MM / 2;
  doc.setFillColor(255, 255, 255);
  doc.rect(left, y, QR_SIDE_MM, QR_SIDE_MM, "F");
  doc.setFillColor(0, 0, 0);
  for (const run of qr.runs) doc.rect(left + run.column * cell, y + run.row * cell, run.length * cell, cell, "F");
  y += QR_SIDE_MM + 7;

  lines(t("events.walkInPoster.scan"), 22, "bold", INK);
  y += 2;
  lines(t("events.walkInPoster.orVisit"), 14, "normal", INK);
  // The address on one line: its size shrinks until it fits.
  const address = url.replace(/^https?:\/\//, "");
  doc.setFont("helvetica", "bold");
  let size = 18;
  while (size > 8 && doc.getStringUnitWidth(address) * size * POINT_MM > width) size -= 1;
  lines(address, size, "bold", VIOLET);
  return Buffer.from(doc.output("arraybuffer"));
}
