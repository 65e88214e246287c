import { describe, expect, it } from "vitest";
import { formatDateFor, formatDateTimeFor, formatTimeRangeFor } from "./dates-language";
import { formatDateTimeEsAr } from "./dates";

describe("dates in the reader's language", () => {
  it("keeps es-AR's dd/mm/aa and spells the month in English, never shifted by a time zone", () => {
    expect(formatDateFor("es-AR", "2026-03-05")).toBe("05/03/26");
    expect(formatDateFor("en", "2026-03-05")).toBe("Mar 5, 2026");
    expect(formatDateFor("en", "2026-12-31")).toBe("Dec 31, 2026");
    expect(formatDateFor("en", "not a date")).toBe("not a date");
  });

  it("writes English dates as en-US's medium date does, for every day", () => {
    const date = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "medium" });
    const spaces = (text: string) => text.replace(/\s/g, " ");
    for (let day = 0; day < 366 * 2; day++) {
      const utc = new Date(Date.UTC(2027, 0, 1 + day));
      expect(formatDateFor("en", utc.toISOString().slice(0, 10))).toBe(spaces(date.format(utc)));
    }
  });
});

// Issue 32: English read "12:00 PM" in e-mails and "12:00" on pages; Spanish "05:04 p. m.." at a sentence's end.
describe("times: 24-hour HH:MM in both languages, everywhere", () => {
  it("writes a slot the same way in both languages", () => {
    expect(formatTimeRangeFor("es-AR", "10:00:00", "11:30")).toBe("10:00 - 11:30");
    expect(formatTimeRangeFor("en", "00:00", "11:30")).toBe("00:00 – 11:30");
    expect(formatTimeRangeFor("en", "12:00", "13:00")).toBe("12:00 – 13:00");
  });

  it("shows a moment in the agency's time zone, 24-hour", () => {
    expect(formatDateTimeFor("en", "2026-03-01T15:00:00.000Z")).toBe("Mar 1, 2026, 12:00");
    expect(formatDateTimeFor("es-AR", "2026-03-01T20:04:00.000Z")).toBe("01/03/26, 17:04");
    expect(formatDateTimeFor("en", "2026-03-01T20:04:00.000Z")).toBe("Mar 1, 2026, 17:04");
  });

  it("starts the day at 00:00, never 24:00", () => {
    expect(formatDateTimeFor("en", "2026-03-01T03:04:00.000Z")).toBe("Mar 1, 2026, 00:04");
    expect(formatDateTimeEsAr("2026-03-01T03:04:00.000Z")).toBe("01/03/26, 00:04");
  });

  it("never ends a time in a stop, so a sentence ending in one has a single stop, at every minute", () => {
    for (let minute = 0; minute < 24 * 60; minute++) {
      const at = new Date(Date.UTC(2026, 2, 1, 3, minute));
      for (const language of ["es-AR", "en"] as const) {
        const moment = formatDateTimeFor(language, at);
        expect(moment, moment).toMatch(/\d\d:\d\d$/);
        expect(`${moment}.`).not.toMatch(/\.\.$/);
      }
      const hhmm = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
      expect(formatTimeRangeFor("en", hhmm, hhmm)).toBe(`${hhmm} – ${hhmm}`);
    }
  });
});
