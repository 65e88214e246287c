import { describe, expect, it } from "vitest";
import { formatDateFor, formatTimeFor, formatTimeRangeFor } from "./local-dates";

describe("dates and times for a language", () => {
  it("keeps es-AR's dd/mm/aa and 24-hour times", () => {
    expect(formatDateFor("2026-03-05", "es-AR")).toBe("05/03/26");
    expect(formatTimeFor("14:30:00", "es-AR")).toBe("14:30");
    expect(formatTimeRangeFor("10:00", "11:30", "es-AR")).toBe("10:00 - 11:30");
  });

  it("writes English dates and times as English readers expect, without a time-zone shift", () => {
    expect(formatDateFor("2026-03-05", "en")).toBe("Mar 5, 2026");
    expect(formatDateFor("2026-12-31", "en")).toBe("Dec 31, 2026");
    expect(formatTimeFor("14:30", "en")).toMatch(/^2:30\sPM$/);
    expect(formatTimeRangeFor("00:00", "11:30", "en")).toMatch(/^12:00\sAM – 11:30\sAM$/);
  });

  it("leaves a value it cannot read as it is", () => {
    expect(formatDateFor("not a date", "en")).toBe("not a date");
  });
});
