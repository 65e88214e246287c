import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { publicRegistrationSchema } from "../schemas/registration";
import { registrationEditSchema } from "../schemas/registrations";
import { t } from "../i18n";
import { REGISTRANT_FIELD_NAMES, type RegistrantFieldName } from "./fields";
import { fieldErrors } from "./schemas";

const TIMESLOT = "6f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f";
const valid = {
  fullName: "María José Núñez",
  dateOfBirth: "2004-05-17",
  location: "Córdoba",
  email: "maria@example.com",
  phoneNumber: "1155551234",
  height: 175,
  bust: 85,
  waist: 62,
  hips: 90,
  eyeColor: "Marrón",
  instagramHandle: "maria.nunez",
  internationalWork: true,
  timeslotId: TIMESLOT,
};

const publicErrors = (input: object) => {
  const result = publicRegistrationSchema.safeParse(input);
  return result.success ? {} : fieldErrors<string>(result.error);
};
const editErrors = (input: object) => {
  const result = registrationEditSchema.safeParse(input);
  return result.success ? {} : fieldErrors<string>(result.error);
};

/** Values a person can type that are wrong, with the message each must get, per field. */
const WRONG: Array<[RegistrantFieldName, unknown, string]> = [
  ["fullName", "   ", t("registrant.errors.required")],
  ["fullName", "Ana\u0000", t("registrant.errors.controlCharacters")],
  ["fullName", "x".repeat(121), t("registrant.errors.tooLong", { max: 120 })],
  ["dateOfBirth", "2030-01-01", t("registrant.errors.invalidDate")],
  ["dateOfBirth", "2004-02-30", t("registrant.errors.invalidDate")],
  ["dateOfBirth", "0000-01-01", t("registrant.errors.invalidDate")],
  ["dateOfBirth", "2015-01-01", t("registrant.errors.underAge")],
  ["location", "Rosario\nCentro", t("registrant.errors.controlCharacters")],
  ["email", "not-an-email", t("registrant.errors.invalidEmail")],
  ["phoneNumber", "11 5555 abcd", t("registrant.errors.invalidPhone")],
  ["phoneNumber", "12", t("registrant.errors.invalidPhone")],
  ["height", 159, t("registrant.errors.between", { min: 160, max: 240 })],
  ["height", 170.5, t("registrant.errors.between", { min: 160, max: 240 })],
  ["bust", 151, t("registrant.errors.between", { min: 80, max: 150 })],
  ["waist", 59, t("registrant.errors.between", { min: 60, max: 120 })],
  ["hips", 161, t("registrant.errors.between", { min: 80, max: 160 })],
  ["eyeColor", "Violeta", t("registrant.errors.eyeColor")],
  ["instagramHandle", "no spaces allowed", t("registrant.errors.invalidInstagram")],
];

describe("one rule per field, on both screens", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-06-15T15:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("gives the same message for a wrong value on the public form and the staff edit", () => {
    for (const [field, value, message] of WRONG) {
      expect({ field, value, message: publicErrors({ ...valid, [field]: value })[field] }).toEqual({ field, value, message });
      expect({ field, value, message: editErrors({ ...valid, [field]: value })[field] }).toEqual({ field, value, message });
    }
  });

  it("refuses an under-16 or future birth date on the staff edit with the public form's message", () => {
    expect(editErrors({ ...valid, dateOfBirth: "2011-01-01" }).dateOfBirth).toBe(
      "Tenés que tener al menos 16 años para registrarte.",
    );
    expect(editErrors({ ...valid, dateOfBirth: "2027-01-01" }).dateOfBirth).toBe(t("registrant.errors.invalidDate"));
  });

  it("stores what both screens accept the same way", () => {
    const typed = {
      ...valid,
      email: "  Maria@Example.COM ",
      phoneNumber: "011 5555-1234",
      instagramHandle: "https://www.instagram.com/maria.nunez/",
    };
    const fromPublic = publicRegistrationSchema.parse(typed);
    const fromEdit = registrationEditSchema.parse(typed);
    for (const name of REGISTRANT_FIELD_NAMES) expect(fromEdit[name]).toEqual(fromPublic[name]);
    expect(fromEdit).toMatchObject({ email: "maria@example.com", phoneNumber: "1155551234", instagramHandle: "maria.nunez" });
  });

  it("lets staff leave out what docs/product.md makes optional on the edit form, and only that", () => {
    const blank = { ...valid, bust: null, waist: null, hips: null, eyeColor: null, instagramHandle: "" };
    const edited = registrationEditSchema.parse(blank);
    expect(edited).toMatchObject({ bust: null, waist: null, hips: null, eyeColor: null, instagramHandle: null });
    expect(Object.keys(publicErrors(blank)).sort()).toEqual(["bust", "eyeColor", "hips", "instagramHandle", "waist"]);
    expect(Object.keys(editErrors({ ...valid, fullName: "", height: null, phoneNumber: "" })).sort()).toEqual([
      "fullName",
      "height",
      "phoneNumber",
    ]);
  });

  it("never accepts a control character in a one-line text, wherever it is", () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 0x1f }), fc.string(), (before, code, after) => {
        // Inside the text: trimming takes a tab or a line break off the ends, as any space.
        const fullName = `Ana${before}${String.fromCharCode(code)}x${after}`;
        expect(publicErrors({ ...valid, fullName }).fullName).toBeDefined();
        expect(editErrors({ ...valid, fullName }).fullName).toBeDefined();
      }),
    );
  });
});
