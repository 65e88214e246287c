/**
 * Two people taking a callback's last spot at the same moment (issue 36): one wins, the other is
 * told the slot is full, and the slot never holds more than its capacity (ADR 007). On PostgreSQL
 * from separate connections (separate sessions racing for the slot's row); on both databases
 * through the API.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../db/client";
import { eventTimeslots, modelRegistrations } from "../../db/schema";
import { AppError } from "../../errors";
import { createRegistration, signedInAs } from "../../test/factories";
import { testDbKind } from "../../test/database";
import { useTestApp } from "../../test/harness";
import { createCallbackAnswers } from "./callbacks.answer";
import { answer, answerToken, callbackCalls, openCallWithCallback } from "./callbacks.test-support";

const t = useTestApp();
const onPostgres = testDbKind() === "pg";
const connections: Database[] = [];
let calls: ReturnType<typeof callbackCalls>;

beforeAll(async () => {
  calls = callbackCalls(t.app, (await signedInAs(t.app, { role: "admin" })).headers);
});
afterAll(async () => {
  await Promise.all(connections.map((database) => database.close()));
});

/** A callback whose first slot has one spot, and `count` people invited to it with their links. */
async function lastSpot(count: number) {
  const { openCall, callback } = await openCallWithCallback(t.app, { timeslots: [{ capacity: 1 }, { capacity: 5 }] });
  const people = await Promise.all(
    Array.from({ length: count }, () =>
      createRegistration(t.db, { eventId: openCall.id, timeslotId: openCall.timeslots[0]!.id }),
    ),
  );
  await calls.invite(
    callback.id,
    people.map((p) => p.id),
  );
  const tokens = await Promise.all(people.map((p) => answerToken(t.app, callback.id, p.id)));
  return { callback, slot: callback.timeslots[0]!, tokens };
}

async function heldBy(slotId: string) {
  const [slot] = await t.db.select().from(eventTimeslots).where(eq(eventTimeslots.id, slotId));
  const rows = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.timeslotId, slotId));
  return { counted: slot!.registeredCount, rows: rows.length };
}

describe.skipIf(!onPostgres)("the last spot from two connections at once (PostgreSQL)", () => {
  it("goes to one; the other is refused 409 timeslot_full, and nothing of theirs is written", async () => {
    const { callback, slot, tokens } = await lastSpot(2);
    for (let i = 0; i < 2; i++) connections.push(await openDatabase({ url: t.databaseUrl, poolSize: 1 }));
    const outcomes = await Promise.allSettled(
      connections.map((database, i) =>
        createCallbackAnswers({ db: database.db, config: t.config }).answer({ t: tokens[i]!, timeslotId: slot.id }),
      ),
    );
    const won = outcomes.filter((o) => o.status === "fulfilled");
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason).toBeInstanceOf(AppError);
    expect(lost[0]!.reason).toMatchObject({ statusCode: 409, code: "timeslot_full" });
    expect(await heldBy(slot.id)).toEqual({ counted: 1, rows: 1 });
    // The one refused is still invited, and takes the other slot.
    const loser = tokens[outcomes.findIndex((o) => o.status === "rejected")]!;
    expect((await answer(t.app, { t: loser, timeslotId: callback.timeslots[1]!.id })).statusCode).toBe(200);
  });
});

describe("the last spot through the API, many at once", () => {
  it("goes to one; every other answer is 409 timeslot_full", async () => {
    const { slot, tokens } = await lastSpot(8);
    const replies = await Promise.all(tokens.map((token) => answer(t.app, { t: token, timeslotId: slot.id })));
    const codes = replies.map((res) => (res.statusCode === 200 ? "accepted" : `${res.statusCode} ${res.json().error.code}`));
    expect(codes.filter((code) => code === "accepted")).toHaveLength(1);
    expect(codes.filter((code) => code === "409 timeslot_full")).toHaveLength(7);
    expect(await heldBy(slot.id)).toEqual({ counted: 1, rows: 1 });
  });
});
