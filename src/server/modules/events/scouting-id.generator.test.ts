import { describe, expect, it } from "vitest";
import { formatScoutingId } from "./scouting-id.generator";

describe("Event ID", () => {
  it("is EV-<year of the event date>-<number on 4 digits>", () => {
    expect(formatScoutingId("2026-03-05", 7)).toBe("EV-2026-0007");
    expect(formatScoutingId("2027-12-31", 1234)).toBe("EV-2027-1234");
    expect(formatScoutingId("2026-01-01", 12345)).toBe("EV-2026-12345");
  });
});
