/**
 * The arrival in the audit trail (issue 18's access audit, issue 20's check-in): one row per
 * arrival, whoever scans the person again, on however many phones at once.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { todayIso } from "@common/dates";
import type { AuditAction } from "@common/privacy/audit-actions";
import type { CheckInResponse } from "@common/schemas/check-ins";
import { auditLog, modelRegistrations } from "../../db/schema";
import { registrationToken } from "../../lib/registration-links";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";

const t = useTestApp();

async function personToday() {
  const event = await createEvent(t.db, { eventDate: todayIso(), timeslots: [{ startTime: "00:00", endTime: "23:59" }] });
  const registration = await createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id });
  return { event, registration };
}

const checkInRows = (registrationId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "registration.check_in"), eq(auditLog.registrationId, registrationId)));

/** With the audit trail refusing `action`'s row (a fault in the write, for this test only), `attempt` fails and records no arrival. */
async function noArrivalWhenAuditFails(
  action: AuditAction,
  attempt: () => Promise<{ statusCode: number }>,
  registrationId: string,
) {
  await t.db.execute(sql`create function refuse_audit() returns trigger language plpgsql as $$
    begin if new.action = ${sql.raw(`'${action}'`)} then raise exception 'audit write failed'; end if; return new; end $$`);
  await t.db.execute(sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`);
  try {
    expect((await attempt()).statusCode).toBe(500);
    const [row] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.id, registrationId));
    expect(row).toMatchObject({ attended: false, attendedAt: null, checkedInBy: null });
  } finally {
    await t.db.execute(sql`drop trigger refuse_audit on audit_log`);
    await t.db.execute(sql`drop function refuse_audit()`);
  }
}

describe("the check-in's audit row", () => {
  it("is written once, by the arrival: a repeat scan, by code or on another phone, adds none", async () => {
    const { event, registration } = await personToday();
    const first = await signedInAs(t.app, { role: "member" });
    const second = await signedInAs(t.app, { role: "admin" });
    const token = registrationToken(t.config, "check-in", registration.id);
    const post = (headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: "POST", url: "/api/check-ins", headers, payload });

    expect((await post(first.headers, { token, eventId: event.id })).json<CheckInResponse>().checkedIn).toBe(true);
    for (const [headers, payload] of [
      [first.headers, { token, eventId: event.id }],
      [second.headers, { token }],
      [second.headers, { code: registration.registrationCode }],
      [first.headers, { registrationId: registration.id }],
    ] as const) {
      const res = await post(headers, payload);
      expect(res.json<CheckInResponse>()).toMatchObject({ checkedIn: false, alreadyCheckedIn: true });
    }
    // A preview is no arrival either.
    await t.app.inject({ method: "POST", url: "/api/check-ins/preview", headers: second.headers, payload: { token } });

    const rows = await checkInRows(registration.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: first.user.id, actorRole: "member", eventId: event.id });
  });

  it("is written once when several phones scan the person at the same moment", async () => {
    const { registration } = await personToday();
    const phones = await Promise.all([1, 2, 3].map(() => signedInAs(t.app, { role: "member" })));
    const token = registrationToken(t.config, "check-in", registration.id);
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({ method: "POST", url: "/api/check-ins", headers: phones[i % 3]!.headers, payload: { token } }),
      ),
    );
    expect(replies.filter((r) => r.json<CheckInResponse>().checkedIn)).toHaveLength(1);
    const rows = await checkInRows(registration.id);
    expect(rows).toHaveLength(1);
    expect(phones.map((p) => p.user.id)).toContain(rows[0]!.actorId);
  });

  it("is written again after staff untick 'Asistió' and the person is checked in anew", async () => {
    const { registration } = await personToday();
    const staff = await signedInAs(t.app, { role: "admin" });
    const checkIn = () =>
      t.app.inject({
        method: "POST",
        url: "/api/check-ins",
        headers: staff.headers,
        payload: { registrationId: registration.id },
      });
    await checkIn();
    await t.app.inject({
      method: "PATCH",
      url: `/api/registrations/${registration.id}`,
      headers: staff.headers,
      payload: { attended: false },
    });
    expect((await checkIn()).json<CheckInResponse>().checkedIn).toBe(true);
    expect(await checkInRows(registration.id)).toHaveLength(2);
  });

  it("and the arrival are one: when the audit row cannot be written, no arrival is recorded", async () => {
    const { registration } = await personToday();
    const staff = await signedInAs(t.app, { role: "member" });
    const checkIn = () =>
      t.app.inject({
        method: "POST",
        url: "/api/check-ins",
        headers: staff.headers,
        payload: { registrationId: registration.id },
      });
    // The audit trail refuses the check-in's row (a fault in the write, for this test only).
    await noArrivalWhenAuditFails("registration.check_in", checkIn, registration.id);
    // The phone sends it again (its queue keeps what failed): now both are written.
    expect((await checkIn()).json<CheckInResponse>().checkedIn).toBe(true);
    expect(await checkInRows(registration.id)).toHaveLength(1);
  });

  it("of an admin's override is written in the arrival's statement: when it cannot be, the minor is not let in", async () => {
    const event = await createEvent(t.db, { eventDate: todayIso(), timeslots: [{ startTime: "00:00", endTime: "23:59" }] });
    const registration = await createRegistration(t.db, {
      eventId: event.id,
      timeslotId: event.timeslots[0]!.id,
      age: 16,
      guardianName: "Marta Madre",
      guardianEmail: "marta@example.com",
      guardianStatus: "pending",
    });
    const staff = await signedInAs(t.app, { role: "admin" });
    const letIn = () =>
      t.app.inject({
        method: "POST",
        url: "/api/check-ins",
        headers: staff.headers,
        payload: { registrationId: registration.id, overrideReason: "Vino la madre" },
      });
    await noArrivalWhenAuditFails("registration.check_in_override", letIn, registration.id);
    expect((await letIn()).json<CheckInResponse>()).toMatchObject({ checkedIn: true, overridden: true });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "registration.check_in_override"), eq(auditLog.registrationId, registration.id)));
    expect(rows).toHaveLength(1);
    expect(await checkInRows(registration.id)).toHaveLength(0);
  });
});
