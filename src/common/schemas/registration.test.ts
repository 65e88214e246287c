import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ageToday } from "../registrant/normalize";
import { fieldErrors } from "../registrant/schemas";
import { t } from "../i18n";
import { publicRegistrationSchema, type PublicRegistrationInput } from "./registration";

const valid: PublicRegistrationInput = {
  fullName: "  María José Núñez ",
  dateOfBirth: "2004-05-17",
  location: "Córdoba",
  email: "  Maria.Nunez@Example.COM ",
  phoneNumber: "011 5555-1234",
  height: 175,
  bust: 85,
  waist: 62,
  hips: 90,
  eyeColor: "Marrón",
  instagramHandle: "@maria.nunez",
  internationalWork: true,
  timeslotId: "6f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f",
};

const errorsOf = (input: unknown) => {
  const result = publicRegistrationSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe("public registration schema", () => {
  beforeEach(() => {
    // 2026-06-15 at noon in Buenos Aires.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-06-15T15:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("accepts a complete registration and normalises it", () => {
    const result = publicRegistrationSchema.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      fullName: "María José Núñez",
      email: "maria.nunez@example.com",
      phoneNumber: "1155551234",
      instagramHandle: "maria.nunez",
    });
  });

  it("refuses anyone under 16, computed from the birth date on today's date", () => {
    expect(errorsOf({ ...valid, dateOfBirth: "2010-06-16" }).dateOfBirth).toBe(t("registrant.errors.underAge"));
    expect(errorsOf({ ...valid, dateOfBirth: "2010-06-15" }).dateOfBirth).toBeUndefined();
    expect(errorsOf({ ...valid, dateOfBirth: "2030-01-01" }).dateOfBirth).toBe(t("registrant.errors.invalidDate"));
    expect(errorsOf({ ...valid, dateOfBirth: "2004-02-30" }).dateOfBirth).toBe(t("registrant.errors.invalidDate"));
    expect(errorsOf({ ...valid, dateOfBirth: "" }).dateOfBirth).toBe(t("registrant.errors.required"));
  });

  it("computes the age in the agency's time zone", () => {
    // 2026-06-16 01:00 UTC is still the 15th in Buenos Aires.
    vi.setSystemTime(new Date("2026-06-16T01:00:00Z"));
    expect(ageToday("2010-06-16")).toBe(15);
    vi.setSystemTime(new Date("2026-06-16T03:00:00Z"));
    expect(ageToday("2010-06-16")).toBe(16);
  });

  it("keeps measurements to integers within the bounds of §9", () => {
    const cases: Array<[keyof PublicRegistrationInput, number, number]> = [
      ["height", 160, 240],
      ["bust", 80, 150],
      ["waist", 60, 120],
      ["hips", 80, 160],
    ];
    for (const [field, min, max] of cases) {
      expect(errorsOf({ ...valid, [field]: min })[field]).toBeUndefined();
      expect(errorsOf({ ...valid, [field]: max })[field]).toBeUndefined();
      expect(errorsOf({ ...valid, [field]: min - 1 })[field]).toMatch(`entre ${min} y ${max}`);
      expect(errorsOf({ ...valid, [field]: max + 1 })[field]).toMatch(`entre ${min} y ${max}`);
      expect(errorsOf({ ...valid, [field]: min + 0.5 })[field]).toMatch("entero");
      expect(errorsOf({ ...valid, [field]: undefined })[field]).toBeDefined();
    }
  });

  it("requires every field of §5, with the spec's message for a missing slot", () => {
    const errors = errorsOf({});
    expect(Object.keys(errors).sort()).toEqual(
      [
        "fullName",
        "dateOfBirth",
        "location",
        "email",
        "phoneNumber",
        "height",
        "bust",
        "waist",
        "hips",
        "eyeColor",
        "instagramHandle",
        "internationalWork",
        "timeslotId",
      ].sort(),
    );
    expect(errors.timeslotId).toBe("Por favor seleccioná un horario disponible.");
    expect(errorsOf({ ...valid, fullName: "   " }).fullName).toBe(t("registrant.errors.required"));
    expect(errorsOf({ ...valid, eyeColor: "Violeta" }).eyeColor).toBe(t("registrant.errors.eyeColor"));
    expect(errorsOf({ ...valid, email: "not-an-email" }).email).toBe(t("registrant.errors.invalidEmail"));
    // Letters are pointed out as what they are, not as a missing number.
    expect(errorsOf({ ...valid, phoneNumber: "abc" }).phoneNumber).toBe(t("registrant.errors.invalidPhone"));
    expect(errorsOf({ ...valid, phoneNumber: "11 5555 12a4" }).phoneNumber).toBe(t("registrant.errors.invalidPhone"));
    expect(errorsOf({ ...valid, phoneNumber: "12" }).phoneNumber).toBe(t("registrant.errors.invalidPhone"));
  });
});
