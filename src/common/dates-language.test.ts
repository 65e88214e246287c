import { describe, expect, it } from "vitest";
import { formatDateFor, formatDateTimeFor, formatTimeFor, formatTimeRangeFor } from "./dates-language";

describe("dates in the reader's language", () => {
  it("keeps es-AR's dd/mm/aa and spells the month in English, never shifted by a time zone", () => {
    expect(formatDateFor("es-AR", "2026-03-05")).toBe("05/03/26");
    expect(formatDateFor("en", "2026-03-05")).toBe("Mar 5, 2026");
    expect(formatDateFor("en", "2026-12-31")).toBe("Dec 31, 2026");
    expect(formatDateFor("en", "not a date")).toBe("not a date");
  });

  it("shows a moment in the agency's time zone", () => {
    expect(formatDateTimeFor("en", "2026-03-01T15:00:00.000Z")).toBe("Mar 1, 2026, 12:00 PM");
    expect(formatDateTimeFor("es-AR", "2026-03-01T15:00:00.000Z")).toMatch(/^01\/03\/26,? 12:00/);
  });

  it("keeps es-AR's 24-hour times and writes English ones with AM/PM", () => {
    expect(formatTimeFor("es-AR", "14:30:00")).toBe("14:30");
    expect(formatTimeRangeFor("es-AR", "10:00", "11:30")).toBe("10:00 - 11:30");
    expect(formatTimeFor("en", "14:30")).toMatch(/^2:30\sPM$/);
    expect(formatTimeRangeFor("en", "00:00", "11:30")).toMatch(/^12:00\sAM – 11:30\sAM$/);
  });

  it("writes English dates and times as en-US's medium date and short time do, for every day and minute", () => {
    const date = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "medium" });
    const time = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", hour: "numeric", minute: "2-digit" });
    const spaces = (text: string) => text.replace(/\s/g, " ");
    for (let day = 0; day < 366 * 2; day++) {
      const utc = new Date(Date.UTC(2027, 0, 1 + day));
      expect(formatDateFor("en", utc.toISOString().slice(0, 10))).toBe(spaces(date.format(utc)));
    }
    for (let minute = 0; minute < 24 * 60; minute++) {
      const hhmm = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
      expect(formatTimeFor("en", hhmm)).toBe(spaces(time.format(Date.UTC(1970, 0, 1, 0, minute))));
    }
  });
});
