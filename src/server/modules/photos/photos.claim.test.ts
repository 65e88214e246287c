/**
 * The registration's statement claims its photos itself (public.repository.ts CLAIM_PHOTOS), and
 * photos_claim_check (migration 0006) fails it when a photo was claimed after the service's check:
 * the check alone cannot hold a race. These tests claim the photo in the database between the check
 * and the statement, so only the database's check can refuse it (on PGlite and PostgreSQL).
 */
import { publicRegistrationSchema } from "@common/schemas/registration";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client";
import { eventTimeslots, modelRegistrations, outboxMessages, photos } from "../../db/schema";
import { AppError } from "../../errors";
import { createEvent, createRegistration, registrationBody } from "../../test/factories";
import { testDbKind } from "../../test/database";
import { createPublicRepository } from "../public/public.repository";
import { createRegistrationWriter } from "../public/public.registration";
import { createPublicService } from "../public/public.service";
import { phoneJpeg, silentLog, usePhotoApp } from "./photos.test-support";

const { t, upload, register } = usePhotoApp("disk");

/** An event taking photos, a face photo uploaded for it, and another registration that will take it. */
async function photoAndRival() {
  const event = await createEvent(t.db, { photos: "optional" });
  const slot = event.timeslots[0]!;
  const uploaded = await upload(event.id, "face", await phoneJpeg());
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const photoId = uploaded.json().photoId as string;
  const rival = await createRegistration(t.db, { eventId: event.id, timeslotId: slot.id });
  return { event, slot, photoId, rival };
}

async function slotCount(slotId: string): Promise<number> {
  const [slot] = await t.db.select().from(eventTimeslots).where(eq(eventTimeslots.id, slotId));
  return slot!.registeredCount;
}

/** Nothing of the refused registration was kept: no row, no e-mail, the slot's count as it was, the photo the rival's. */
async function expectNothingStored(email: string, photoId: string, rivalId: string, slotId: string, countBefore: number) {
  expect(await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.email, email))).toEqual([]);
  expect(await t.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email))).toEqual([]);
  const [photo] = await t.db.select().from(photos).where(eq(photos.id, photoId));
  expect(photo!.registrationId).toBe(rivalId);
  expect(await slotCount(slotId)).toBe(countBefore);
}

describe("a photo claimed after the service's check", () => {
  it("fails the registration's statement: 409 photo_unavailable, nothing stored", async () => {
    const { event, slot, photoId, rival } = await photoAndRival();
    const input = publicRegistrationSchema.parse(registrationBody(slot.id, { photos: { face: photoId } }));
    const service = createPublicService({ db: t.db, config: t.config });
    const repo = createPublicRepository(t.db);

    // The service's check passes: the photo is this event's, a face photo, unclaimed.
    await service.checkPhotos(event.id, "optional", input.photos);
    const consent = await service.consentFor("optional", input);
    const context = (await repo.findRegistrationContext(event.id))!;
    const countBefore = await slotCount(slot.id);

    // Meanwhile another registration claims it.
    await t.db.update(photos).set({ registrationId: rival.id }).where(eq(photos.id, photoId));

    const writer = createRegistrationWriter({ repo, config: t.config });
    const refused = await writer
      .write(event.id, input, consent, { event: context.event, slot: context.slots.get(slot.id)! }, silentLog as never)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 409, code: "photo_unavailable" });
    await expectNothingStored(input.email, photoId, rival.id, slot.id, countBefore);
  });

  // Through the route: the claim is held by another transaction while the registration's statement
  // runs (its pre-check reads past the uncommitted claim), and committed once the statement waits on
  // the photo's row. PostgreSQL only: on PGlite an open transaction holds the one connection.
  it.runIf(testDbKind() === "pg")(
    "through the route, while another transaction commits the claim: 409, nothing stored",
    async () => {
      const { event, slot, photoId, rival } = await photoAndRival();
      const body = registrationBody(slot.id, { photos: { face: photoId } });
      const countBefore = await slotCount(slot.id);
      const rivalTx = new pg.Client({ connectionString: t.databaseUrl });
      await rivalTx.connect();
      try {
        await rivalTx.query("begin");
        await rivalTx.query("update photos set registration_id = $1 where id = $2", [rival.id, photoId]);
        const answer = register(event.id, body);
        // The statement has reached the photo's row, locked by the claim: only the database can refuse it now.
        // (Its text is matched by its start: pg_stat_activity keeps the first 1,024 bytes of a statement.)
        await expect
          .poll(
            async () =>
              rowsOf<{ waiting: number }>(
                await t.db.execute(
                  sql`select count(*)::int as waiting from pg_stat_activity
                    where datname = current_database() and wait_event_type = 'Lock' and query like 'with slot as%'`,
                ),
              )[0]!.waiting,
            { timeout: 10_000 },
          )
          .toBe(1);
        await rivalTx.query("commit");
        const res = await answer;
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().error.code).toBe("photo_unavailable");
        expect(res.json().error.message).toMatch(/\w{4,}/);
      } finally {
        await rivalTx.end();
      }
      await expectNothingStored(body.email as string, photoId, rival.id, slot.id, countBefore);
    },
  );
});
