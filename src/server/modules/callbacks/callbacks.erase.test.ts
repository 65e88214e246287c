/**
 * A callback and the person's data (issue 36): erasing the person's registration takes their
 * invitation and the callback's registration it made, with every copy of their data; the photo rows
 * a callback's registration shares with the open call's keep their files until the last row goes,
 * also when the two go at the same moment from two connections (PostgreSQL).
 */
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../db/client";
import { callbackInvitations, modelRegistrations, photos, storageDeletions } from "../../db/schema";
import { signedInAs } from "../../test/factories";
import { testDbKind } from "../../test/database";
import { useTestApp } from "../../test/harness";
import { cellsHolding, personWithHistory, registrantWithPhoto } from "../privacy/privacy.test-support";
import { answer, answerToken, callbackCalls, openCallWithCallback } from "./callbacks.test-support";

const t = useTestApp();
const onPostgres = testDbKind() === "pg";
const connections: Database[] = [];
let admin: Record<string, string>;
let calls: ReturnType<typeof callbackCalls>;

beforeAll(async () => {
  admin = (await signedInAs(t.app, { role: "admin" })).headers;
  calls = callbackCalls(t.app, admin);
});
afterAll(async () => {
  await Promise.all(connections.map((database) => database.close()));
});

/** A registrant with a photo (a minor, approved), invited to a callback of their open call, who chose its first slot. */
async function inCallback(person: { event: { id: string }; registrationCode: string }) {
  const [row] = await t.db
    .select()
    .from(modelRegistrations)
    .where(eq(modelRegistrations.registrationCode, person.registrationCode));
  await t.db.update(modelRegistrations).set({ guardianStatus: "approved" }).where(eq(modelRegistrations.id, row!.id));
  const { callback } = await openCallWithCallback(t.app);
  await t.db.execute(sql`update scouting_events set callback_of = ${person.event.id} where id = ${callback.id}`);
  expect((await calls.invite(callback.id, [row!.id])).json()).toEqual({ invited: 1, skipped: [] });
  const res = await answer(t.app, { t: await answerToken(t.app, callback.id, row!.id), timeslotId: callback.timeslots[0]!.id });
  expect(res.statusCode, res.body).toBe(200);
  const [made] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.eventId, callback.id));
  return { id: row!.id, callbackRegistrationId: made!.id };
}

const photoRows = (registrationIds: string[]) =>
  t.db.select().from(photos).where(inArray(photos.registrationId, registrationIds));
const queued = async (keys: string[]) =>
  (await t.db.select().from(storageDeletions).where(inArray(storageDeletions.storageKey, keys)))
    .map((row) => row.storageKey)
    .sort();

describe("erasing a person who answered a callback", () => {
  it("leaves nothing of them: the invitation, the callback's registration, its mail and its photos' files go", async () => {
    const person = await personWithHistory(t.app, admin);
    const { id, callbackRegistrationId } = await inCallback(person);
    const keys = (await photoRows([id])).flatMap((p) => [p.largeKey, p.thumbKey]);
    expect(keys).toHaveLength(2);

    const erased = await t.app.inject({ method: "POST", url: `/api/registrations/${id}/erase`, headers: admin });
    expect(erased.statusCode, erased.body).toBe(204);
    expect(
      await t.db
        .select()
        .from(modelRegistrations)
        .where(inArray(modelRegistrations.id, [id, callbackRegistrationId])),
    ).toEqual([]);
    expect(await t.db.select().from(callbackInvitations).where(eq(callbackInvitations.registrationId, id))).toEqual([]);
    // The shared files are queued for removal, each once.
    expect(await queued(keys)).toEqual([...keys].sort());
    for (const needle of person.needles) expect(await cellsHolding(t.db, needle), needle).toEqual([]);
  });
});

describe("a photo shared by the open call's and the callback's registrations", () => {
  it("keeps its files while one of them still names them", async () => {
    const person = await registrantWithPhoto(t.app);
    const { id, callbackRegistrationId } = await inCallback(person);
    const keys = (await photoRows([id])).flatMap((p) => [p.largeKey, p.thumbKey]);

    // Staff delete the callback's registration: its invitation goes, the open call's photo stays whole.
    const deleted = await t.app.inject({ method: "DELETE", url: `/api/registrations/${callbackRegistrationId}`, headers: admin });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await t.db.select().from(callbackInvitations).where(eq(callbackInvitations.registrationId, id))).toEqual([]);
    expect(await photoRows([id])).toHaveLength(1);
    expect(await queued(keys)).toEqual([]);
    const shown = await t.app.inject({ url: `/api/registrations/${id}/photos/face?size=thumb`, headers: admin });
    expect(shown.statusCode).toBe(200);

    // The last row gone: its files go.
    await t.app.inject({ method: "DELETE", url: `/api/registrations/${id}`, headers: admin });
    expect(await queued(keys)).toEqual([...keys].sort());
  });

  it.skipIf(!onPostgres)("queues its files once when both rows are deleted at the same moment from two connections", async () => {
    const person = await registrantWithPhoto(t.app);
    const { id, callbackRegistrationId } = await inCallback(person);
    const [original, copy] = [(await photoRows([id]))[0]!, (await photoRows([callbackRegistrationId]))[0]!];
    const keys = [original.largeKey, original.thumbKey];
    for (let i = 0; i < 2; i++) connections.push(await openDatabase({ url: t.databaseUrl, poolSize: 1 }));
    const [first, second] = connections as [Database, Database];
    let firstDeleted!: () => void;
    const deletedByFirst = new Promise<void>((resolve) => (firstDeleted = resolve));
    // The first deletes its row and holds its transaction open while the second deletes the other:
    // each began while the other's row still stood.
    const one = first.db.transaction(async (tx) => {
      await tx.delete(photos).where(eq(photos.id, original.id));
      firstDeleted();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await deletedByFirst;
    const two = second.db.transaction(async (tx) => {
      await tx.delete(photos).where(eq(photos.id, copy.id));
    });
    await Promise.all([one, two]);
    expect(await photoRows([id, callbackRegistrationId])).toEqual([]);
    expect(await queued(keys)).toEqual([...keys].sort());
  });
});
