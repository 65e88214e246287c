import { describe, expect, it } from "vitest";
import { ageToday, normalizeEmail, normalizeInstagram, normalizePhone } from "./normalize";

describe("normalisation", () => {
  it("trims and lower-cases e-mail", () => {
    expect(normalizeEmail("  Ana.Perez@Mail.COM\t")).toBe("ana.perez@mail.com");
  });

  it("keeps the phone's digits and drops a single leading zero", () => {
    expect(normalizePhone("011 4555-1234")).toBe("1145551234");
    expect(normalizePhone("+54 9 11 5555 1234")).toBe("5491155551234");
    expect(normalizePhone("0011")).toBe("011");
    expect(normalizePhone("(0351) 15 123-456")).toBe("35115123456");
  });

  it("reduces an Instagram handle or link to the user name", () => {
    expect(normalizeInstagram(" @ana.perez ")).toBe("ana.perez");
    expect(normalizeInstagram("https://www.instagram.com/ana_perez/")).toBe("ana_perez");
    expect(normalizeInstagram("instagram.com/ana_perez?igsh=abc123")).toBe("ana_perez");
    expect(normalizeInstagram("https://instagram.com/ana_perez/#top")).toBe("ana_perez");
  });

  it("has no age for an impossible, too old or future birth date", () => {
    expect(ageToday("2004-05-17", "2026-06-15")).toBe(22);
    expect(ageToday("2004-02-30", "2026-06-15")).toBeNull();
    expect(ageToday("1899-12-31", "2026-06-15")).toBeNull();
    expect(ageToday("2026-06-16", "2026-06-15")).toBeNull();
    expect(ageToday("0000-01-01", "2026-06-15")).toBeNull();
  });
});
