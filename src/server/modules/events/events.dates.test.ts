/**
 * Dates never shift (docs/architecture.md invariants): an event on 2026-03-05 goes in and comes out of
 * the API as 2026-03-05 and is shown as 05/03/26, whatever the process's time zone. Node applies
 * a changed process.env.TZ at once, so one run covers both extremes: UTC−3 and UTC+14.
 */
import { afterAll, describe, expect, it } from "vitest";
import { formatDateEsAr } from "@common/dates";
import type { ScoutingEvent } from "@common/schemas/events";
import { signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { eventBody, updateBodyFrom } from "./events.test-support";

const t = useTestApp();
const originalTz = process.env.TZ;
afterAll(() => {
  process.env.TZ = originalTz;
});

const ZONES = [
  // Offsets as Date reports them (minutes behind UTC): proves the zone really changed.
  { zone: "America/Argentina/Buenos_Aires", offset: 180 },
  { zone: "Pacific/Kiritimati", offset: -840 },
];

describe.each(ZONES)("event dates under TZ=$zone", ({ zone, offset }) => {
  it("round-trips 2026-03-05 through create, edit, read and list, shown as 05/03/26", async () => {
    process.env.TZ = zone;
    expect(new Date(2026, 2, 5).getTimezoneOffset()).toBe(offset);

    const { headers } = await signedInAs(t.app, { role: "admin" });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/events",
      headers,
      payload: eventBody({ eventDate: "2026-03-05" }),
    });
    const event = created.json<ScoutingEvent>();
    expect(event.eventDate).toBe("2026-03-05");
    expect(event.scoutingId).toMatch(/^EV-2026-/);
    expect(formatDateEsAr(event.eventDate)).toBe("05/03/26");

    // New Year's Eve is where a one-day shift would also change the year.
    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/events/${event.id}`,
      headers,
      payload: updateBodyFrom(event, { eventDate: "2026-12-31" }),
    });
    expect(edited.json<ScoutingEvent>().eventDate).toBe("2026-12-31");

    const read = (await t.app.inject({ method: "GET", url: `/api/events/${event.id}`, headers })).json<ScoutingEvent>();
    expect(read.eventDate).toBe("2026-12-31");
    expect(formatDateEsAr(read.eventDate)).toBe("31/12/26");
    const listed = (await t.app.inject({ method: "GET", url: "/api/events", headers })).json<ScoutingEvent[]>();
    expect(listed.find((e) => e.id === event.id)?.eventDate).toBe("2026-12-31");
    expect(read.timeslots[0]).toMatchObject({ startTime: "10:00", endTime: "11:00" });
  });
});
