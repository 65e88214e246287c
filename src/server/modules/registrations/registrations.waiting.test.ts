import { pickRegistrantValues } from "@common/registrant/fields";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pgConstraint, pgErrorCode, PG_UNIQUE_VIOLATION } from "../../db/client";
import { modelRegistrations, waitlistEntries } from "../../db/schema";
import { createEvent, createRegistration, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { AHEAD } from "../waitlist/waitlist.test-support";

// Issue 19, migration 0012: never registered and waiting in the same event, held on updates too, on both databases.
const t = useTestApp();
let headers: Record<string, string>;

beforeAll(async () => {
  headers = (await signedInAs(t.app, { role: "member" })).headers;
});

const patch = (id: string, payload: object) =>
  t.app.inject({ method: "PATCH", url: `/api/registrations/${id}`, headers, payload });
const join = (eventId: string, timeslotId: string, email: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/public/events/${eventId}/waitlist`,
    payload: registrationBody(timeslotId, { email }),
  });
const emailOf = async (id: string) =>
  (await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.id, id)))[0]!.email;

/** An event ahead with a full slot (its line) and a slot with room. */
async function eventWithLine() {
  const event = await createEvent(t.db, { eventDate: AHEAD, timeslots: [{ capacity: 1 }, { capacity: 50 }] });
  const [full, open] = event.timeslots;
  await createRegistration(t.db, { eventId: event.id, timeslotId: full!.id });
  return { event, full: full!, open: open! };
}

async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return [pgErrorCode(error), pgConstraint(error)];
  }
  return undefined;
}

describe("a staff edit of a registration's e-mail", () => {
  it("to one waiting in the event: 409 on_waiting_list on the e-mail field, and nothing changes", async () => {
    const { event, full, open } = await eventWithLine();
    expect((await join(event.id, full.id, "waiting@example.com")).statusCode).toBe(201);
    const r = await createRegistration(t.db, { eventId: event.id, timeslotId: open.id });

    const res = await patch(r.id, { email: "Waiting@Example.com", location: "Salta" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: "on_waiting_list",
      message:
        "Esta dirección está en la lista de espera de este evento: una persona no puede estar inscripta y esperando a la vez.",
      fields: { email: expect.stringContaining("lista de espera") },
    });
    expect(await emailOf(r.id)).toBe(r.email);

    // Waiting in another event is no obstacle; nor is an edit that keeps the address.
    const other = await eventWithLine();
    await join(other.event.id, other.full.id, "elsewhere@example.com");
    expect((await patch(r.id, { email: "elsewhere@example.com" })).statusCode).toBe(200);
    expect((await patch(r.id, { location: "Jujuy" })).statusCode).toBe(200);
  });

  it("racing the same address joining the line (8 pairs at once): each pair ends with one of them", async () => {
    const { event, full, open } = await eventWithLine();
    const people = await Promise.all(
      Array.from({ length: 8 }, () => createRegistration(t.db, { eventId: event.id, timeslotId: open.id })),
    );
    const emails = people.map((_, i) => `race-${i}@example.com`);
    const answers = await Promise.all(
      people.flatMap((r, i) => [patch(r.id, { email: emails[i] }), join(event.id, full.id, emails[i]!)]),
    );
    for (let i = 0; i < people.length; i++) {
      const [edit, joined] = [answers[2 * i]!, answers[2 * i + 1]!];
      expect(edit.statusCode === 200 ? joined.statusCode : edit.statusCode, `${edit.body} ${joined.body}`).toBe(409);
      expect(edit.statusCode === 200 || joined.statusCode === 201).toBe(true);
      const registered = (await emailOf(people[i]!.id)) === emails[i];
      const waiting = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, emails[i]!));
      expect(Number(registered) + waiting.length).toBe(1);
    }
  });
});

describe("the database's triggers on update", () => {
  it("refuse a cancelled registration coming back while its address waits, and an entry coming back while registered", async () => {
    const { event, full, open } = await eventWithLine();
    const gone = await createRegistration(t.db, {
      eventId: event.id,
      timeslotId: open.id,
      email: "back@example.com",
      status: "cancelled",
      cancelledAt: new Date(),
    });
    await join(event.id, full.id, "back@example.com");
    const revived = await refusal(() =>
      t.db.update(modelRegistrations).set({ status: "pending", cancelledAt: null }).where(eq(modelRegistrations.id, gone.id)),
    );
    expect(revived).toEqual([PG_UNIQUE_VIOLATION, "model_registrations_waiting_in_event"]);

    const r = await createRegistration(t.db, { eventId: event.id, timeslotId: open.id, email: "left@example.com" });
    const [entry] = await t.db
      .insert(waitlistEntries)
      .values({
        eventId: event.id,
        timeslotId: full.id,
        email: "left@example.com",
        fullName: r.fullName,
        registrant: pickRegistrantValues(r),
        status: "removed",
        tokenHash: `hash-${r.id}`,
      })
      .returning();
    const rejoined = await refusal(() =>
      t.db.update(waitlistEntries).set({ status: "waiting" }).where(eq(waitlistEntries.id, entry!.id)),
    );
    expect(rejoined).toEqual([PG_UNIQUE_VIOLATION, "waitlist_entries_event_email_uq"]);
  });
});
