/**
 * The PDF registration sheet ('ficha de registro', docs/product.md §3): A4 in mm, generated in the browser.
 * jsPDF is imported here, on the click, so no page pays for it before.
 * Accents: the standard Helvetica font is WinAnsi-encoded, which covers Spanish (á é í ó ú ñ ü ¿ ¡).
 */
import { currentLanguage, translator, type Language, type MessageId } from "@common/i18n";
import { formatLongDateFor, formatTimeRangeFor } from "@common/dates-language";
import { detailsBySection } from "@common/registrant/format";
import type { Agency } from "@common/schemas/agency";
import { authenticSite } from "@common/public-paths";
import type { RegistrationSheetData } from "@common/schemas/registration-sheet";
import type { jsPDF } from "jspdf";
import { api } from "./api";
import { qrRuns } from "./qr";
const PAGE = { width: 210, height: 297, margin: 18 } as const;
const LABEL_WIDTH = 52;

/** Rows of the sheet, section by section: what the PDF prints (and what a test can check). */
export function sheetSections(
  data: RegistrationSheetData,
  language: Language = currentLanguage(),
): Array<{ title: string; rows: Array<[string, string]> }> {
  const t = translator(language);
  const s = (key: string) => t(`public.sheet.${key}` as MessageId);
  const notAvailable = t("registrant.values.notAvailable");
  const orNA = (value: string) => (value === "" ? notAvailable : value);
  return [
    {
      title: s("eventSection"),
      rows: [
        [s("eventName"), data.event.eventName],
        [s("eventDate"), formatLongDateFor(language, data.event.eventDate)],
        [s("place"), data.event.location],
        [
          s("timeslot"),
          data.timeslot ? formatTimeRangeFor(language, data.timeslot.startTime, data.timeslot.endTime) : notAvailable,
        ],
        [s("description"), orNA(data.event.description.trim())],
        [s("confirmationDetails"), orNA(data.event.confirmationDetails.trim())],
      ],
    },
    ...detailsBySection(data, language, data.hidden).map(({ section, details }, index) => ({
      title: t(`registrant.sections.${section}`),
      // The code opens the first section of the person's own details.
      rows: [
        ...(index === 0 ? [[s("code"), data.registrationCode] as [string, string]] : []),
        ...details.map(({ label, value }) => [label, value] as [string, string]),
      ],
    })),
  ];
}

/** "15/06/2026 12:05" (English: "06/15/2026 12:05") in the agency's time zone. */
function generationTimestamp(now: Date, language: Language): string {
  return new Intl.DateTimeFormat(language === "es-AR" ? "es-AR" : "en-US", {
    timeZone: "America/Argentina/Buenos_Aires",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23", // midnight is 00:05 (`hour12: false` alone gives "24:05")
  })
    .format(now)
    .replace(",", "");
}

const FACE_PHOTO_HEIGHT_MM = 60;
/** Whose sheet it is (issue 32): the agency's name and contact address head and sign it. */
export type SheetAgency = Pick<Agency, "name" | "contactEmail">;

/** The agency, asked for when the sheet is made (not before: no page pays for it). */
const currentAgency = (): Promise<SheetAgency> => api<Agency>("/api/public/agency");

/** The check-in QR code's side: large enough for a phone's camera at arm's length in a queue. */
const QR_SIDE_MM = 42;

export async function downloadRegistrationSheet(
  data: RegistrationSheetData,
  language: Language = currentLanguage(),
  now: Date = new Date(),
  /** The face photo (a JPEG), printed under the title: the staff's sheet (issue 17). */
  facePhoto?: Uint8Array,
): Promise<void> {
  const doc = await sheetToDownload(data, language, now, facePhoto);
  doc.save(translator(language)("public.sheet.fileName", { code: data.registrationCode }));
}

/** The sheet a download saves: built with the agency asked for now. */
export async function sheetToDownload(data: RegistrationSheetData, language: Language, now: Date, facePhoto?: Uint8Array) {
  return buildRegistrationSheet(data, language, now, facePhoto, await currentAgency());
}

/** The check-in QR code at the top right, as vector squares, with its caption; returns the height used. */
async function drawCheckInQr(doc: jsPDF, url: string, captionText: string, y: number): Promise<number> {
  const { size, runs } = await qrRuns(url);
  const cell = QR_SIDE_MM / size;
  const left = PAGE.width - PAGE.margin - QR_SIDE_MM;
  doc.setFillColor(255, 255, 255);
  doc.rect(left, y, QR_SIDE_MM, QR_SIDE_MM, "F");
  doc.setFillColor(0, 0, 0);
  for (const run of runs) doc.rect(left + run.column * cell, y + run.row * cell, run.length * cell, cell, "F");
  doc.setFont("helvetica", "normal");
  doc.setFontSize(8.5);
  doc.setTextColor(60, 60, 70);
  const caption = doc.splitTextToSize(captionText, QR_SIDE_MM + 6) as string[];
  doc.text(caption, left + QR_SIDE_MM / 2, y + QR_SIDE_MM + 4, { align: "center" });
  return QR_SIDE_MM + 4 + caption.length * 3.5;
}

/** The sheet as a jsPDF document: what the download saves (and a test renders). */
export async function buildRegistrationSheet(
  data: RegistrationSheetData,
  language: Language = currentLanguage(),
  now: Date = new Date(),
  facePhoto?: Uint8Array,
  agency?: SheetAgency,
) {
  const t = translator(language);
  const { jsPDF } = await import("jspdf");
  const doc = new jsPDF({ format: "a4", unit: "mm", orientation: "portrait" });
  const title = `${t("public.sheet.title")} ${data.registrationCode}`;
  doc.setProperties({ title, creator: agency?.name ?? "OpenCall", ...(agency ? { author: agency.name } : {}) });
  const contentWidth = PAGE.width - PAGE.margin * 2;
  let y = PAGE.margin;

  const ensureRoom = (height: number) => {
    if (y + height > PAGE.height - PAGE.margin) {
      doc.addPage();
      y = PAGE.margin;
    }
  };

  if (agency) {
    doc.setFont("helvetica", "bold");
    doc.setFontSize(11);
    doc.setTextColor(60, 60, 70);
    doc.text(doc.splitTextToSize(agency.name, PAGE.width - PAGE.margin * 2)[0] as string, PAGE.margin, y + 3);
    y += 7;
  }
  doc.setFont("helvetica", "bold");
  doc.setFontSize(20);
  doc.setTextColor(91, 33, 182);
  doc.text(t("public.sheet.title"), PAGE.margin, y + 6);
  doc.setFontSize(12);
  doc.setTextColor(60, 60, 60);
  doc.text(data.registrationCode, PAGE.width - PAGE.margin, y + 6, { align: "right" });
  y += 12;
  doc.setDrawColor(200, 200, 210);
  doc.line(PAGE.margin, y, PAGE.width - PAGE.margin, y);
  y += 8;

  // The face photo on the left and the check-in QR code on the right, side by side under the title.
  let blockHeight = 0;
  if (facePhoto) {
    const { width, height } = doc.getImageProperties(facePhoto);
    const printedHeight = FACE_PHOTO_HEIGHT_MM;
    const printedWidth = (width / height) * printedHeight;
    doc.addImage(facePhoto, "JPEG", PAGE.margin, y, printedWidth, printedHeight);
    blockHeight = printedHeight;
  }
  if (data.checkInUrl)
    blockHeight = Math.max(blockHeight, await drawCheckInQr(doc, data.checkInUrl, t("public.sheet.checkInCaption"), y));
  if (blockHeight > 0) y += blockHeight + 8;

  for (const section of sheetSections(data, language)) {
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

  drawFooter(doc, t, data, language, now, agency);
  return doc;
}

/** The last page's foot: where to check the sheet is the agency's (issue 39), when it was made, whose it is. */
function drawFooter(
  doc: jsPDF,
  t: ReturnType<typeof translator>,
  data: RegistrationSheetData,
  language: Language,
  now: Date,
  agency: SheetAgency | undefined,
) {
  doc.setFont("helvetica", "normal");
  doc.setFontSize(9);
  doc.setTextColor(120, 120, 130);
  // On PUBLIC_URL: the check-in link's host, else the page the sheet is made on.
  const site = authenticSite(data.checkInUrl ?? window.location.origin);
  doc.text(t("public.sheet.authentic", { site, agency: agency?.name ?? "OpenCall" }), PAGE.margin, PAGE.height - 15);
  doc.text(t("public.sheet.generatedAt", { timestamp: generationTimestamp(now, language) }), PAGE.margin, PAGE.height - 10);
  const signature = agency ? `${agency.name} · ${agency.contactEmail}` : "OpenCall";
  doc.text(signature, PAGE.width - PAGE.margin, PAGE.height - 10, { align: "right" });
}
