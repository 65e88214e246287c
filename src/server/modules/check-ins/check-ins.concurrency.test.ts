import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { todayIso } from "@common/dates";
import { openDatabase, type Database } from "../../db/client";
import { auditLog, modelRegistrations } from "../../db/schema";
import { registrationToken } from "../../lib/registration-links";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
import { testDbKind } from "../../test/database";
import { useTestApp } from "../../test/harness";
import { createCheckInsService } from "./check-ins.service";

// Several phones at the door scan the same person at once: one arrival, whoever is first.
const t = useTestApp();
const onPostgres = testDbKind() === "pg";
const connections: Database[] = [];

afterAll(async () => {
  await Promise.all(connections.map((database) => database.close()));
});

async function person() {
  const event = await createEvent(t.db, { eventDate: todayIso(), timeslots: [{ startTime: "00:00", endTime: "23:59" }] });
  return createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id, emailVerified: true });
}

describe.skipIf(!onPostgres)("the same check-in from 20 connections at once (PostgreSQL)", () => {
  it("records one arrival: attended_at set once, alreadyCheckedIn false exactly once", async () => {
    const staff = await Promise.all(Array.from({ length: 20 }, () => signedInAs(t.app, { role: "member" })));
    const registration = await person();
    const token = registrationToken(t.config, "check-in", registration.id);
    // Twenty databases of one connection each: twenty sessions of PostgreSQL racing for the row.
    for (let i = 0; i < 20; i++) connections.push(await openDatabase({ url: t.databaseUrl, poolSize: 1 }));
    const replies = await Promise.all(
      connections.map((database, i) =>
        createCheckInsService({ db: database.db, config: t.config }).checkIn(
          { id: staff[i]!.user.id, role: "member", status: "approved" },
          { token },
          { actor: { id: staff[i]!.user.id, role: "member" }, ip: null },
        ),
      ),
    );
    expect(replies.filter((r) => r.checkedIn)).toHaveLength(1);
    expect(replies.filter((r) => !r.alreadyCheckedIn)).toHaveLength(1);
    const winner = replies.find((r) => r.checkedIn)!;
    const [row] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.id, registration.id));
    expect(row!.attendedAt!.toISOString()).toBe(winner.registration.attendedAt);
    // Every phone shows the one arrival, by the one who recorded it.
    expect(new Set(replies.map((r) => r.registration.attendedAt))).toEqual(new Set([winner.registration.attendedAt]));
    expect(new Set(replies.map((r) => r.registration.checkedInBy?.id))).toEqual(new Set([row!.checkedInBy]));
    // And one row in the audit trail, by the same staff member.
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "registration.check_in"), eq(auditLog.registrationId, registration.id)));
    expect(audited.map((a) => a.actorId)).toEqual([row!.checkedInBy]);
  });
});

describe("the same check-in sent 20 times at once through the API", () => {
  it("records one arrival", async () => {
    const { headers } = await signedInAs(t.app, { role: "member" });
    const registration = await person();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: "POST", url: "/api/check-ins", headers, payload: { registrationId: registration.id } }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(replies.filter((r) => r.json().checkedIn)).toHaveLength(1);
    expect(replies.filter((r) => r.json().alreadyCheckedIn)).toHaveLength(19);
  });
});
