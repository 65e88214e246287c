import { describe, expect, it } from "vitest";
import { consentProblems, needsGuardian, photoConsentNeeded } from "./consent";

const TODAY = "2026-11-23";
const adult = { dateOfBirth: "2000-01-01", email: "ana@example.com", privacyNoticeVersion: 1, consentDataProcessing: true };

describe("consent rules", () => {
  it("asks a guardian of 16- and 17-year-olds only (age today)", () => {
    expect(needsGuardian("2010-11-23", TODAY)).toBe(true); // 16 today
    expect(needsGuardian("2009-11-24", TODAY)).toBe(true); // 18 tomorrow
    expect(needsGuardian("2008-11-23", TODAY)).toBe(false); // 18 today
    expect(needsGuardian("2011-01-01", TODAY)).toBe(false); // 15: refused by the age rule, not a guardian case
  });

  it("asks the photo consent when photos are required or sent", () => {
    expect(photoConsentNeeded("required", false)).toBe(true);
    expect(photoConsentNeeded("optional", true)).toBe(true);
    expect(photoConsentNeeded("optional", false)).toBe(false);
    expect(photoConsentNeeded("off", false)).toBe(false);
  });

  it("names each missing answer", () => {
    expect(consentProblems(adult, { photoConsentNeeded: false, today: TODAY })).toEqual({});
    expect(
      Object.keys(consentProblems({ ...adult, consentDataProcessing: false }, { photoConsentNeeded: true, today: TODAY })),
    ).toEqual(["consentDataProcessing", "consentPhotoScouting"]);
    const minor = { ...adult, dateOfBirth: "2009-06-01" };
    expect(Object.keys(consentProblems(minor, { photoConsentNeeded: false, today: TODAY })).sort()).toEqual([
      "guardianEmail",
      "guardianName",
    ]);
    expect(
      consentProblems(
        { ...minor, guardianName: "Marta", guardianEmail: "ANA@example.com" },
        { photoConsentNeeded: false, today: TODAY },
      ),
    ).toHaveProperty("guardianEmail");
    expect(
      consentProblems(
        { ...minor, guardianName: "Marta", guardianEmail: "marta@example.com" },
        { photoConsentNeeded: false, today: TODAY },
      ),
    ).toEqual({});
  });
});
