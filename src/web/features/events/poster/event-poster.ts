/**
 * An event's printable poster (issue 32): A4 with its name, date and place, a large QR code of its
 * short address and the address itself, for a wall or a window at the venue. Imported on the click
 * (jsPDF and the QR encoder are loaded then, as for the registration sheet). Helvetica is
 * WinAnsi-encoded, which covers Spanish (á é í ó ú ñ ü ¿ ¡).
 */
import { formatLongDateFor } from "@common/dates-language";
import { translator, type Language } from "@common/i18n";
import type { ScoutingEvent } from "@common/schemas/events";
import { qrRuns } from "@web/lib/qr";
import { readableLink } from "../hooks/use-event-link";

const PAGE = { width: 210, height: 297, margin: 20 } as const;
/** Large enough for a phone's camera from a couple of metres. */
const QR_SIDE_MM = 135;
const VIOLET: [number, number, number] = [91, 33, 182];
const INK: [number, number, number] = [30, 30, 40];

export type PosterEvent = Pick<ScoutingEvent, "eventName" | "eventDate" | "location" | "slug">;

/** The poster as a jsPDF document: what the download saves (and a test reads back). */
export async function buildEventPoster(event: PosterEvent, url: string, language: Language) {
  const t = translator(language);
  const [{ jsPDF }, qr] = await Promise.all([import("jspdf"), qrRuns(url)]);
  const doc = new jsPDF({ format: "a4", unit: "mm", orientation: "portrait" });
  doc.setProperties({ title: event.eventName, subject: url, creator: "OpenCall" });
  const width = PAGE.width - PAGE.margin * 2;
  const center = PAGE.width / 2;
  let y = PAGE.margin + 8;

  const lines = (text: string, size: number, style: "bold" | "normal", color: [number, number, number], gap = 1.25) => {
    doc.setFont("helvetica", style);
    doc.setFontSize(size);
    doc.setTextColor(...color);
    const wrapped = doc.splitTextToSize(text, width) as string[];
    const lineHeight = (size * 0.3528 * gap) as number;
    doc.text(wrapped, center, y + size * 0.3528, { align: "center", lineHeightFactor: gap });
    y += wrapped.length * lineHeight;
  };

  lines(event.eventName, 30, "bold", VIOLET, 1.15);
  y += 6;
  lines(`${t("events.poster.date")}: ${formatLongDateFor(language, event.eventDate)}`, 16, "normal", INK);
  y += 1;
  lines(`${t("events.poster.place")}: ${event.location}`, 16, "normal", INK);
  y += 10;

  // The code, as vector squares on white (a printer's own dots, no image scaling).
  const cell = QR_SIDE_MM / qr.size;
  const left = center - QR_SIDE_MM / 2;
  doc.setFillColor(255, 255, 255);
  doc.rect(left, y, QR_SIDE_MM, QR_SIDE_MM, "F");
  doc.setFillColor(0, 0, 0);
  for (const run of qr.runs) doc.rect(left + run.column * cell, y + run.row * cell, run.length * cell, cell, "F");
  y += QR_SIDE_MM + 8;

  lines(t("events.poster.scan"), 22, "bold", INK);
  y += 2;
  lines(t("events.poster.orVisit"), 14, "normal", INK);
  y += 1;
  // The address on one line: its size shrinks until it fits.
  const address = readableLink(url);
  doc.setFont("helvetica", "bold");
  let size = 22;
  while (size > 10 && doc.getStringUnitWidth(address) * size * 0.3528 > width) size -= 1;
  lines(address, size, "bold", VIOLET);
  return doc;
}

export async function downloadEventPoster(event: PosterEvent, url: string, language: Language): Promise<void> {
  const doc = await buildEventPoster(event, url, language);
  doc.save(translator(language)("events.poster.fileName", { slug: event.slug }));
}
