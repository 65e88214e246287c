/**
 * The PDF registration sheet ('ficha de registro', SPEC.md §3): A4 in mm, generated in the browser.
 * jsPDF is imported here, on the click, so no page pays for it before.
 * Accents: the standard Helvetica font is WinAnsi-encoded, which covers Spanish (á é í ó ú ñ ü ¿ ¡).
 */
import { formatDateLong, formatTimeRange } from "@common/dates";
import { detailsBySection } from "@common/registrant/format";
import type { RegistrationSheetData } from "@common/schemas/registration-sheet";
import { publicTexts } from "@common/texts/public";
import { registrantTexts } from "@common/texts/registrant";

const s = publicTexts.sheet;
const PAGE = { width: 210, height: 297, margin: 18 } as const;
const LABEL_WIDTH = 52;

/** Rows of the sheet, section by section: what the PDF prints (and what a test can check). */
export function sheetSections(data: RegistrationSheetData): Array<{ title: string; rows: Array<[string, string]> }> {
  const orNA = (value: string) => (value === "" ? registrantTexts.values.notAvailable : value);
  return [
    {
      title: s.eventSection,
      rows: [
        [s.eventName, data.event.eventName],
        [s.eventDate, formatDateLong(data.event.eventDate)],
        [s.place, data.event.location],
        [
          s.timeslot,
          data.timeslot ? formatTimeRange(data.timeslot.startTime, data.timeslot.endTime) : registrantTexts.values.notAvailable,
        ],
        [s.description, orNA(data.event.description.trim())],
        [s.confirmationDetails, orNA(data.event.confirmationDetails.trim())],
      ],
    },
    ...detailsBySection(data).map(({ section, details }, index) => ({
      title: registrantTexts.sections[section],
      // The code opens the first section of the person's own details.
      rows: [
        ...(index === 0 ? [[s.code, data.registrationCode] as [string, string]] : []),
        ...details.map(({ label, value }) => [label, value] as [string, string]),
      ],
    })),
  ];
}

/** "15/06/2026 12:05" in the agency's time zone. */
function generationTimestamp(now: Date): string {
  return new Intl.DateTimeFormat("es-AR", {
    timeZone: "America/Argentina/Buenos_Aires",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  })
    .format(now)
    .replace(",", "");
}

export async function downloadRegistrationSheet(data: RegistrationSheetData, now: Date = new Date()): Promise<void> {
  const { jsPDF } = await import("jspdf");
  const doc = new jsPDF({ format: "a4", unit: "mm", orientation: "portrait" });
  doc.setProperties({ title: `${s.title} ${data.registrationCode}`, creator: "OpenCall" });
  const contentWidth = PAGE.width - PAGE.margin * 2;
  let y = PAGE.margin;

  const ensureRoom = (height: number) => {
    if (y + height > PAGE.height - PAGE.margin) {
      doc.addPage();
      y = PAGE.margin;
    }
  };

  doc.setFont("helvetica", "bold");
  doc.setFontSize(20);
  doc.setTextColor(91, 33, 182);
  doc.text(s.title, PAGE.margin, y + 6);
  doc.setFontSize(12);
  doc.setTextColor(60, 60, 60);
  doc.text(data.registrationCode, PAGE.width - PAGE.margin, y + 6, { align: "right" });
  y += 12;
  doc.setDrawColor(200, 200, 210);
  doc.line(PAGE.margin, y, PAGE.width - PAGE.margin, y);
  y += 8;

  for (const section of sheetSections(data)) {
    ensureRoom(16);
    doc.setFont("helvetica", "bold");
    doc.setFontSize(13);
    doc.setTextColor(91, 33, 182);
    doc.text(section.title, PAGE.margin, y);
    y += 7;
    doc.setFontSize(10.5);
    for (const [label, value] of section.rows) {
      const lines = doc.splitTextToSize(value, contentWidth - LABEL_WIDTH) as string[];
      const height = Math.max(1, lines.length) * 5 + 1.5;
      ensureRoom(height);
      doc.setFont("helvetica", "bold");
      doc.setTextColor(90, 90, 100);
      doc.text(label, PAGE.margin, y);
      doc.setFont("helvetica", "normal");
      doc.setTextColor(20, 20, 25);
      doc.text(lines, PAGE.margin + LABEL_WIDTH, y);
      y += height;
    }
    y += 4;
  }

  doc.setFont("helvetica", "normal");
  doc.setFontSize(9);
  doc.setTextColor(120, 120, 130);
  doc.text(s.generatedAt(generationTimestamp(now)), PAGE.margin, PAGE.height - 10);
  doc.text("OpenCall", PAGE.width - PAGE.margin, PAGE.height - 10, { align: "right" });
  doc.save(s.fileName(data.registrationCode));
}
