import type { ScoutingEvent } from "@common/schemas/events";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { outboxFor, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { updateBodyFrom } from "../events/events.test-support";
import { waitlistHelpers } from "./waitlist.test-support";

// Staff taking someone off a waiting list (issue 19's follow-up), on both databases.
const t = useTestApp();
const { join, entryAction, slotCounts, entriesByEmail, tokenFrom, fullEvent } = waitlistHelpers(t);
let admin: Record<string, string>;
let member: Record<string, string>;

beforeAll(async () => {
  admin = (await signedInAs(t.app, { role: "admin" })).headers;
  member = (await signedInAs(t.app, { role: "member" })).headers;
});

const remove = (eventId: string, entryId: string, headers: Record<string, string> = admin) =>
  t.app.inject({ method: "DELETE", url: `/api/events/${eventId}/waitlist/${entryId}`, headers });
const entryOf = async (email: string) => (await entriesByEmail([email]))[0]!;
const lineOf = (body: { timeslots: Array<{ entries: Array<{ email: string; status: string }> }> }) =>
  body.timeslots.flatMap((slot) => slot.entries.map((entry) => [entry.email, entry.status]));

describe("DELETE /api/events/:id/waitlist/:entryId", () => {
  it("takes a waiting person off the line, tells them by e-mail in their language, and is audited", async () => {
    const { event, slot } = await fullEvent();
    const name = "Ana <b>Ruiz</b>";
    const body = registrationBody(slot.id, { email: "ana@remove.test", fullName: name });
    const joined = await t.app.inject({
      method: "POST",
      url: `/api/public/events/${event.id}/waitlist`,
      payload: body,
      headers: { "accept-language": "en" },
    });
    expect(joined.statusCode).toBe(201);
    expect((await join(event.id, registrationBody(slot.id, { email: "bruno@remove.test" }))).statusCode).toBe(201);
    const ana = await entryOf("ana@remove.test");

    const res = await remove(event.id, ana.id);
    expect(res.statusCode).toBe(200);
    expect(lineOf(res.json())).toEqual([["bruno@remove.test", "waiting"]]);
    expect((await entryOf("ana@remove.test")).status).toBe("removed");
    expect(await slotCounts(slot.id)).toEqual([1, 0]);

    const [mail] = (await outboxFor(t.db, "ana@remove.test")).filter((m) => m.kind === "waitlist_removed");
    expect(mail!.subject).toBe(`You are no longer on the waiting list: ${event.eventName}`);
    expect(mail!.textBody).toContain("The agency took you off the waiting list");
    expect(mail!.textBody).toContain(t.config.contactEmail);
    expect(mail!.htmlBody).toContain("Ana &lt;b&gt;Ruiz&lt;/b&gt;");
    expect(mail!.htmlBody).not.toContain("<b>Ruiz");
    // Their entry's page says they are no longer in line.
    expect((await entryAction("confirm", await tokenFrom("ana@remove.test", "waitlist_joined"))).json().status).toBe("removed");

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "event.waitlist_remove"), eq(auditLog.eventId, event.id)));
    expect(audit).toEqual([
      expect.objectContaining({
        actorRole: "admin",
        details: { entryId: ana.id, timeslotId: slot.id, status: "waiting" },
      }),
    ]);
    expect(JSON.stringify(audit)).not.toContain("ana@remove.test");
  });

  it("is for admins; an entry no longer waiting is 409 not_on_waitlist; another event's or an unknown one, 404", async () => {
    const { event, slot } = await fullEvent();
    await join(event.id, registrationBody(slot.id, { email: "carla@remove.test" }));
    const carla = await entryOf("carla@remove.test");
    expect((await remove(event.id, carla.id, member)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "DELETE", url: `/api/events/${event.id}/waitlist/${carla.id}` })).statusCode).toBe(401);
    const other = await fullEvent();
    expect((await remove(other.event.id, carla.id)).statusCode).toBe(404);
    expect((await remove(event.id, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await remove(event.id, "not-an-id")).statusCode).toBe(404);
    expect((await entryOf("carla@remove.test")).status).toBe("waiting");

    expect((await remove(event.id, carla.id)).statusCode).toBe(200);
    const again = await remove(event.id, carla.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: "not_on_waitlist", message: "Esta persona ya no está en la lista de espera." });
    expect((await outboxFor(t.db, "carla@remove.test")).filter((m) => m.kind === "waitlist_removed")).toHaveLength(1);
  });

  it("releases a held offer to the next in line; once the line is empty, the slot can be removed", async () => {
    const { event, held } = await fullEvent(1, 2);
    const [, evening] = event.timeslots;
    for (const email of ["dora@remove.test", "eva@remove.test"])
      expect((await join(event.id, registrationBody(evening!.id, { email }))).statusCode).toBe(201);
    // The evening's registration deleted: Dora is offered its spot.
    expect((await t.app.inject({ method: "DELETE", url: `/api/registrations/${held[1]!.id}`, headers: admin })).statusCode).toBe(
      204,
    );
    expect((await entryOf("dora@remove.test")).status).toBe("offered");
    const doraOffer = await tokenFrom("dora@remove.test", "waitlist_offer");
    const current = (await t.app.inject({ url: `/api/events/${event.id}`, headers: admin })).json<ScoutingEvent>();
    const withoutEvening = updateBodyFrom({ ...current, timeslots: current.timeslots.slice(0, 1) });
    const refused = await t.app.inject({
      method: "PUT",
      url: `/api/events/${event.id}`,
      headers: admin,
      payload: withoutEvening,
    });
    expect(refused.json().error.code).toBe("timeslot_has_waitlist");
    expect(refused.json().error.message).toContain("quitá a esas personas de la lista");

    const res = await remove(event.id, (await entryOf("dora@remove.test")).id);
    expect(res.statusCode).toBe(200);
    expect(lineOf(res.json())).toEqual([["eva@remove.test", "offered"]]);
    expect(await slotCounts(evening!.id)).toEqual([0, 1]);
    expect((await outboxFor(t.db, "eva@remove.test")).filter((m) => m.kind === "waitlist_offer")).toHaveLength(1);
    expect((await entryAction("accept", doraOffer)).json().error.code).toBe("offer_unavailable");

    expect((await remove(event.id, (await entryOf("eva@remove.test")).id)).statusCode).toBe(200);
    expect(await slotCounts(evening!.id)).toEqual([0, 0]);
    const saved = await t.app.inject({ method: "PUT", url: `/api/events/${event.id}`, headers: admin, payload: withoutEvening });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<ScoutingEvent>().timeslots).toHaveLength(1);
  });
});
