import { describe, expect, it } from "vitest";
import { buildRegistrationSheet, sheetSections } from "./registration-sheet";
import { sheetData } from "./registration-sheet.test-support";

const sheet = { ...sheetData, eyeColor: "Avellana/Hazel", timeslot: { startTime: "12:00", endTime: "13:00" } };

const rows = (language: "es-AR" | "en") => new Map(sheetSections(sheet, language).flatMap((section) => section.rows));

// Issue 32: the English PDF showed Spanish eye colours (and its labels followed the page, not the sheet's language).
describe("the PDF sheet in the reader's language", () => {
  it("writes the English sheet in English, whatever the page speaks", () => {
    const english = rows("en");
    expect(english.get("Eye colour")).toBe("Hazel");
    expect(english.get("International work")).toBe("No");
    expect(english.get("Time slot")).toBe("12:00 – 13:00");
  });

  it("keeps docs/product.md's options on the Spanish sheet", () => {
    const spanish = rows("es-AR");
    expect(spanish.get("Color de ojos")).toBe("Avellana/Hazel");
    expect(spanish.get("Horario")).toBe("12:00 - 13:00");
  });

  it("stamps a sheet made just after midnight 00:05, not 24:05", async () => {
    const doc = await buildRegistrationSheet(sheet, "en", new Date("2031-04-01T03:05:00Z"));
    const pdf = doc.output();
    expect(pdf).toContain("04/01/2031 00:05");
    expect(pdf).not.toContain("24:05");
  });
});

// Issue 33: a viewer's sheet comes from a detail whose contacts are null; it leaves them out.
describe("the PDF sheet of a staff member without contacts.see", () => {
  it("prints no e-mail, phone, Instagram or birth date row, and no N/A in their place", () => {
    const hidden = ["email", "phoneNumber", "instagramHandle", "dateOfBirth"] as const;
    const full = { ...sheet, instagramHandle: "valen.n" };
    const redacted = { ...full, email: null, phoneNumber: null, instagramHandle: null, dateOfBirth: null, hidden };
    const printed = new Map(sheetSections(redacted, "en").flatMap((section) => section.rows));
    for (const label of ["Email", "Phone number", "Instagram", "Date of birth"]) expect(printed.has(label), label).toBe(false);
    const notAvailable = (values: Iterable<string>) => [...values].filter((value) => value === "N/A").length;
    const fullRows = new Map(sheetSections(full, "en").flatMap((section) => section.rows));
    expect(notAvailable(printed.values())).toBe(notAvailable(fullRows.values()));
    expect(fullRows.get("Instagram")).toBe("@valen.n");
  });
});
