import { describe, expect, it } from "vitest";
import { eyeColorLabel } from "./fields";
import { detailsBySection, fieldsHiddenFrom, formatFieldValue, listedDetails } from "./format";
import type { RegistrantValues } from "./fields";

const values: RegistrantValues = {
  fullName: "Lucía Fernández",
  dateOfBirth: "2004-05-06",
  location: "Rosario",
  email: "lucia@example.com",
  phoneNumber: "3415551234",
  height: 172,
  bust: 85,
  waist: 62,
  hips: 90,
  eyeColor: "Avellana/Hazel",
  instagramHandle: "lucia",
  internationalWork: true,
};

// Issue 32: the English UI showed docs/product.md's Spanish eye colours.
describe("eye colours in the reader's language", () => {
  it("keeps docs/product.md's Spanish options in es-AR and translates them in English", () => {
    expect(eyeColorLabel("Azul claro", "es-AR")).toBe("Azul claro");
    expect(eyeColorLabel("Azul claro", "en")).toBe("Light blue");
    expect(eyeColorLabel("Marrón oscuro", "en")).toBe("Dark brown");
    expect(eyeColorLabel("Avellana/Hazel", "en")).toBe("Hazel");
  });

  it("shows a value no longer offered as it was stored", () => {
    expect(eyeColorLabel("Violeta", "en")).toBe("Violeta");
  });

  it("in the staff list's details and the PDF sheet's sections", () => {
    expect(formatFieldValue("eyeColor", "Miel", "en")).toBe("Honey");
    expect(listedDetails(values, "en")).toContainEqual({ label: "Eye colour", value: "Hazel" });
    expect(listedDetails(values, "es-AR")).toContainEqual({ label: "Color de ojos", value: "Avellana/Hazel" });
    const extra = detailsBySection(values, "en").find(({ section }) => section === "extra");
    expect(extra?.details).toContainEqual({ label: "Eye colour", value: "Hazel" });
  });
});

// Issue 33: a reader without contacts.see gets null for the contacts; the details leave them out.
describe("fields a reader may not see", () => {
  it("are the contacts for whoever lacks contacts.see, none for whoever holds it", () => {
    expect(fieldsHiddenFrom(() => false).sort()).toEqual(["dateOfBirth", "email", "instagramHandle", "phoneNumber"]);
    expect(fieldsHiddenFrom(() => true)).toEqual([]);
  });

  it("are left out of the list's details and the sheet's sections, not shown as N/A", () => {
    const hidden = fieldsHiddenFrom(() => false);
    const redacted = { ...values, email: null, phoneNumber: null, dateOfBirth: null, instagramHandle: null };
    expect(listedDetails(redacted, "en", hidden).map(({ label }) => label)).not.toContain("Phone number");
    expect(listedDetails(values, "en").map(({ label }) => label)).toContain("Phone number");
    const labels = detailsBySection(redacted, "en", hidden).flatMap(({ details }) => details.map(({ label }) => label));
    expect(labels).not.toEqual(expect.arrayContaining(["Phone number"]));
    expect(labels).toHaveLength(detailsBySection(values, "en").flatMap(({ details }) => details).length - 4);
  });
});
