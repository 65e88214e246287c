import { describe, expect, it } from "vitest";
import { ageOn, formatDateEsAr, formatDateLong, formatTime, isIsoDate, todayIso } from "./dates";

describe("calendar dates", () => {
  it("formats an event date in es-AR without shifting it", () => {
    expect(formatDateEsAr("2026-03-05")).toBe("05/03/26");
    expect(formatDateEsAr("2026-12-31")).toBe("31/12/26");
    expect(formatDateEsAr("2026-01-01")).toBe("01/01/26");
    expect(formatDateLong("2026-03-05")).toBe("05/03/2026");
  });

  it("rejects impossible dates", () => {
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("05/03/2026")).toBe(false);
  });

  it("computes age in whole years, birthday included", () => {
    expect(ageOn("2010-06-15", "2026-06-14")).toBe(15);
    expect(ageOn("2010-06-15", "2026-06-15")).toBe(16);
    expect(ageOn("2008-02-29", "2026-02-28")).toBe(17);
    expect(ageOn("bad", "2026-01-01")).toBeNull();
  });

  it("keeps wall-clock times as written", () => {
    expect(formatTime("09:30:00")).toBe("09:30");
    expect(formatTime("18:05")).toBe("18:05");
  });

  it("takes today's date in the agency's time zone", () => {
    // 02:00 UTC on 1 March is still 28 February in Buenos Aires (UTC-3).
    expect(todayIso(new Date("2026-03-01T02:00:00Z"))).toBe("2026-02-28");
    expect(todayIso(new Date("2026-03-01T02:00:00Z"), "Pacific/Kiritimati")).toBe("2026-03-01");
  });

  it("turns the day at midnight in the zone, one second apart, whatever it answered before", () => {
    expect(todayIso(new Date("2026-03-01T02:59:59Z"))).toBe("2026-02-28");
    expect(todayIso(new Date("2026-03-01T03:00:00Z"))).toBe("2026-03-01");
    expect(todayIso(new Date("2026-03-01T02:59:59Z"))).toBe("2026-02-28");
    expect(todayIso(new Date("2026-02-28T09:59:59Z"), "Pacific/Kiritimati")).toBe("2026-02-28");
    expect(todayIso(new Date("2026-02-28T10:00:00Z"), "Pacific/Kiritimati")).toBe("2026-03-01");
  });
});

describe("dates PostgreSQL stores", () => {
  it("are years 1 to 9999 written YYYY-MM-DD: no year 0, no five-digit year", async () => {
    const { isStorableIsoDate } = await import("./dates");
    expect(isStorableIsoDate("0001-01-01")).toBe(true);
    expect(isStorableIsoDate("9999-12-31")).toBe(true);
    expect(isStorableIsoDate("2026-02-29")).toBe(false);
    expect(isStorableIsoDate("0000-01-01")).toBe(false);
    expect(isStorableIsoDate("10000-01-01")).toBe(false);
    expect(isStorableIsoDate("-0001-01-01")).toBe(false);
  });
});
