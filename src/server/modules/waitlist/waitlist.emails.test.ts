import { describe, expect, it } from "vitest";
import type { Config } from "../../config";
import { offerEmail, type WaitlistEmailInput } from "./waitlist.emails";

const config = { publicUrl: "http://localhost:3000" } as Config;
const input = (language: WaitlistEmailInput["language"]): WaitlistEmailInput => ({
  email: "lucia@example.com",
  fullName: "Lucía",
  language,
  event: { eventName: "Casting de otoño", eventDate: "2026-03-05", location: "Av. Corrientes 1234" },
  timeslot: { startTime: "12:00:00", endTime: "13:00:00" },
});
// 17:04 in Buenos Aires.
const expiresAt = new Date("2026-03-01T20:04:00.000Z");

// Issue 32: "Lo reservamos hasta el 01/03/26, 05:04 p. m.." and English "12:00 PM" beside the pages' "12:00".
describe("the spot offered's e-mail: its times", () => {
  it("reads 24-hour, with one stop after the time, in Spanish", () => {
    const { text } = offerEmail(config, input("es-AR"), "token", expiresAt);
    expect(text).toContain("Lo reservamos hasta el 01/03/26, 17:04. Aceptalo");
    expect(text).toContain("12:00 - 13:00");
    expect(text).not.toMatch(/\.\.|[ap]\. m\./);
  });

  it("and in English, as the pages write them", () => {
    const { text } = offerEmail(config, input("en"), "token", expiresAt);
    expect(text).toContain("Mar 1, 2026, 17:04.");
    expect(text).toContain("12:00 – 13:00");
    expect(text).not.toMatch(/\b[AP]M\b/);
  });
});
