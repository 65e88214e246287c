/**
 * Photos with registrations (issue 17): claims, the staff's reading, replacing and removing, and
 * the removal of files (a deleted registration's, unused uploads'), on file storage and on s3rver,
 * on PGlite and PostgreSQL.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createStorageSweeper } from "../../jobs/storage-sweeper";
import { photos, storageDeletions } from "../../db/schema";
import { registrationPhotoUrl } from "@common/photos";
import { createEvent, registrationBody, signedInAs } from "../../test/factories";
import { multipart, pngOf, silentLog as silent, STORES, usePhotoApp } from "./photos.test-support";

describe.each(STORES)("photos of registrations on %s storage", (store) => {
  const { t, uploadThree, register, storedFile, s3: currentS3 } = usePhotoApp(store);

  describe("registration with photos", () => {
    it("claims the three photos; staff read them, anonymous and unapproved people do not", async () => {
      const event = await createEvent(t.db, { photos: "required" });
      const ids = await uploadThree(event.id);
      const res = await register(event.id, registrationBody(event.timeslots[0]!.id, { photos: ids }));
      expect(res.statusCode, res.body).toBe(201);
      const rows = await t.db.select().from(photos).where(eq(photos.eventId, event.id));
      const registrationId = rows[0]!.registrationId!;
      expect(registrationId).toBeTruthy();
      expect(rows.every((r) => r.registrationId === registrationId)).toBe(true);

      const { headers } = await signedInAs(t.app, { role: "member" });
      const large = await t.app.inject({ url: `/api/registrations/${registrationId}/photos/face`, headers });
      expect(large.statusCode).toBe(200);
      expect(large.headers["content-type"]).toBe("image/jpeg");
      expect(large.headers["cache-control"]).toMatch(/^private/);
      expect((await sharp(large.rawPayload).metadata()).height).toBe(300);
      const thumb = await t.app.inject({ url: `/api/registrations/${registrationId}/photos/full?size=thumb`, headers });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.rawPayload.length).toBeLessThan(large.rawPayload.length);

      expect((await t.app.inject({ url: `/api/registrations/${registrationId}/photos/face` })).statusCode).toBe(401);
      const pending = await signedInAs(t.app, { role: "member", status: "pending" });
      expect(
        (await t.app.inject({ url: `/api/registrations/${registrationId}/photos/face`, headers: pending.headers })).statusCode,
      ).toBe(403);
    });

    it("requires the three photos when the event says so, and refuses them when it says off", async () => {
      const required = await createEvent(t.db, { photos: "required" });
      const ids = await uploadThree(required.id);
      const missing = await register(required.id, registrationBody(required.timeslots[0]!.id, { photos: { face: ids.face } }));
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.fields).toHaveProperty("photos.profile");

      const off = await createEvent(t.db, { photos: "off" });
      const refused = await register(off.id, registrationBody(off.timeslots[0]!.id, { photos: { face: ids.face } }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe("photos_not_accepted");
      expect((await register(off.id, registrationBody(off.timeslots[0]!.id))).statusCode).toBe(201);

      const optional = await createEvent(t.db, { photos: "optional" });
      expect((await register(optional.id, registrationBody(optional.timeslots[0]!.id))).statusCode).toBe(201);
    });

    it("refuses a photo of another event, of another kind, or already used, and keeps nothing", async () => {
      const event = await createEvent(t.db, { photos: "required" });
      const other = await createEvent(t.db, { photos: "required" });
      const mine = await uploadThree(event.id);
      const theirs = await uploadThree(other.id);
      const slot = event.timeslots[0]!.id;

      const foreign = await register(event.id, registrationBody(slot, { photos: { ...mine, face: theirs.face } }));
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().error.fields["photos.face"]).toBeTruthy();

      const swapped = await register(
        event.id,
        registrationBody(slot, { photos: { ...mine, face: mine.profile, profile: mine.face } }),
      );
      expect(swapped.statusCode).toBe(400);

      const unknown = await register(
        event.id,
        registrationBody(slot, { photos: { ...mine, full: "6f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f" } }),
      );
      expect(unknown.statusCode).toBe(400);

      expect((await register(event.id, registrationBody(slot, { photos: mine }))).statusCode).toBe(201);
      const reused = await register(event.id, registrationBody(slot, { photos: mine }));
      expect(reused.statusCode).toBe(400);
      expect(reused.json().error.fields["photos.face"]).toBeTruthy();
      // Nothing of the refused ones stayed: one registration holds the three photos.
      const claimed = await t.db.select().from(photos).where(eq(photos.eventId, event.id));
      expect(new Set(claimed.map((r) => r.registrationId)).size).toBe(1);
    });

    it("two registrations racing for the same photos: one gets them, the other is refused and not stored", async () => {
      const event = await createEvent(t.db, { photos: "required" });
      const ids = await uploadThree(event.id);
      const slot = event.timeslots[0]!.id;
      const [a, b] = await Promise.all([
        register(event.id, registrationBody(slot, { photos: ids })),
        register(event.id, registrationBody(slot, { photos: ids })),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, expect.any(Number)]);
      expect([a, b].filter((r) => r.statusCode === 201)).toHaveLength(1);
      const loser = [a, b].find((r) => r.statusCode !== 201)!;
      expect([400, 409]).toContain(loser.statusCode);
      const rows = await t.db.select().from(photos).where(eq(photos.eventId, event.id));
      expect(new Set(rows.map((r) => r.registrationId)).size).toBe(1);
    });
  });

  describe("staff replace and remove", () => {
    it("replaces a photo (the old files queued for deletion) and removes one", async () => {
      const event = await createEvent(t.db, { photos: "required" });
      const ids = await uploadThree(event.id);
      await register(event.id, registrationBody(event.timeslots[0]!.id, { photos: ids }));
      const [face] = await t.db.select().from(photos).where(eq(photos.id, ids.face));
      const registrationId = face!.registrationId!;
      const { headers } = await signedInAs(t.app, { role: "member" });

      const { payload, headers: multipartHeaders } = multipart([
        { name: "file", value: await pngOf(500, 600), filename: "new.png", contentType: "image/png" },
      ]);
      const replaced = await t.app.inject({
        method: "PUT",
        url: `/api/registrations/${registrationId}/photos/face`,
        payload,
        headers: { ...headers, ...multipartHeaders },
      });
      expect(replaced.statusCode, replaced.body).toBe(201);
      const newId = replaced.json().photoId;
      const [current] = await t.db.select().from(photos).where(eq(photos.registrationId, registrationId));
      expect(await t.db.select().from(photos).where(eq(photos.id, ids.face))).toEqual([]);
      expect(current).toBeDefined();
      const queued = (await t.db.select().from(storageDeletions)).map((q) => q.storageKey);
      expect(queued).toEqual(expect.arrayContaining([face!.largeKey, face!.thumbKey]));
      const read = await t.app.inject({ url: `/api/registrations/${registrationId}/photos/face`, headers });
      expect(read.statusCode).toBe(200);
      expect(read.headers.etag).toContain(newId);
      expect((await sharp(read.rawPayload).metadata()).width).toBe(500);

      const removed = await t.app.inject({
        method: "DELETE",
        url: `/api/registrations/${registrationId}/photos/profile`,
        headers,
      });
      expect(removed.statusCode).toBe(204);
      expect((await t.app.inject({ url: `/api/registrations/${registrationId}/photos/profile`, headers })).statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: "DELETE", url: `/api/registrations/${registrationId}/photos/profile`, headers }))
          .statusCode,
      ).toBe(404);
    });
    it("a photo's version is its id: a replacement changes it in the replies, and the old ETag gets no 304", async () => {
      const event = await createEvent(t.db, { photos: "required" });
      const ids = await uploadThree(event.id);
      await register(event.id, registrationBody(event.timeslots[0]!.id, { photos: ids }));
      const [face] = await t.db.select().from(photos).where(eq(photos.id, ids.face));
      const registrationId = face!.registrationId!;
      const { headers } = await signedInAs(t.app, { role: "member" });
      const versions = async () => {
        const detail = await t.app.inject({ url: `/api/registrations/${registrationId}`, headers });
        const list = await t.app.inject({ url: `/api/registrations?eventId=${event.id}`, headers });
        expect(list.json().items[0].photos).toEqual(detail.json().photos);
        return detail.json().photos as Array<{ kind: string; id: string }>;
      };
      expect(await versions()).toEqual([
        { kind: "face", id: ids.face },
        { kind: "profile", id: ids.profile },
        { kind: "full", id: ids.full },
      ]);

      const url = registrationPhotoUrl(registrationId, { kind: "face", id: ids.face }, "thumb");
      const first = await t.app.inject({ url, headers });
      expect(first.statusCode).toBe(200);
      const oldEtag = first.headers.etag as string;
      expect(oldEtag).toBe(`"${ids.face}"`);
      const revalidated = await t.app.inject({ url, headers: { ...headers, "if-none-match": oldEtag } });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.rawPayload.length).toBe(0);

      const { payload, headers: multipartHeaders } = multipart([
        { name: "file", value: await pngOf(500, 600), filename: "new.png", contentType: "image/png" },
      ]);
      const replaced = await t.app.inject({
        method: "PUT",
        url: `/api/registrations/${registrationId}/photos/face`,
        payload,
        headers: { ...headers, ...multipartHeaders },
      });
      expect(replaced.statusCode, replaced.body).toBe(201);
      const newId = replaced.json().photoId as string;
      expect(newId).not.toBe(ids.face);
      expect(await versions()).toEqual([
        { kind: "face", id: newId },
        { kind: "profile", id: ids.profile },
        { kind: "full", id: ids.full },
      ]);
      // The new URL differs from the old one, so no browser cache answers it with the old photo.
      expect(registrationPhotoUrl(registrationId, { kind: "face", id: newId }, "thumb")).not.toBe(url);

      // A browser that kept the old photo asks whether it is still good: it is not.
      const stale = await t.app.inject({ url, headers: { ...headers, "if-none-match": oldEtag } });
      expect(stale.statusCode).toBe(200);
      expect(stale.headers.etag).toBe(`"${newId}"`);
      expect(stale.rawPayload.equals(first.rawPayload)).toBe(false);
      const fresh = await t.app.inject({
        url: registrationPhotoUrl(registrationId, { kind: "face", id: newId }, "large"),
        headers: { ...headers, "if-none-match": `W/"x", "${newId}"` },
      });
      expect(fresh.statusCode).toBe(304);
    });
  });

  it("deleting a registration deletes its photos' files, also when the store was down meanwhile", async () => {
    const event = await createEvent(t.db, { photos: "required" });
    const ids = await uploadThree(event.id);
    await register(event.id, registrationBody(event.timeslots[0]!.id, { photos: ids }));
    const rows = await t.db.select().from(photos).where(eq(photos.eventId, event.id));
    const keys = rows.flatMap((r) => [r.largeKey, r.thumbKey]);
    for (const key of keys) expect(await storedFile(key)).toBeDefined();

    const { headers } = await signedInAs(t.app, { role: "admin" });
    const s3 = currentS3();
    await s3?.stop();
    const deleted = await t.app.inject({ method: "DELETE", url: `/api/registrations/${rows[0]!.registrationId}`, headers });
    expect(deleted.statusCode).toBe(204);
    expect(await t.db.select().from(photos).where(eq(photos.eventId, event.id))).toEqual([]);
    const queued = await t.db.select().from(storageDeletions);
    expect(queued.map((q) => q.storageKey)).toEqual(expect.arrayContaining(keys));

    let now = new Date();
    const sweeper = createStorageSweeper({ db: t.db, storage: t.app.ctx.storage, log: silent, clock: () => now });
    if (s3) {
      const down = await sweeper.sweepOnce();
      expect(down.filesDeleted).toBe(0);
      expect(down.filesFailed).toBeGreaterThan(0);
      await s3.start();
      // Retried after its delay.
      now = new Date(Date.now() + 3_600_000);
    }
    for (let pass = 0; pass < 5 && (await t.db.select().from(storageDeletions)).length > 0; pass++) await sweeper.sweepOnce();
    expect(await t.db.select().from(storageDeletions)).toEqual([]);
    for (const key of keys) expect(await storedFile(key)).toBeUndefined();
  });

  it("removes photos never used by a registration after a day, not before", async () => {
    const event = await createEvent(t.db, { photos: "required" });
    const { face } = await uploadThree(event.id);
    const [row] = await t.db.select().from(photos).where(eq(photos.id, face));
    let now = new Date(Date.now() + 3_600_000);
    const sweeper = createStorageSweeper({ db: t.db, storage: t.app.ctx.storage, log: silent, clock: () => now });
    await sweeper.sweepOnce();
    expect(await t.db.select().from(photos).where(eq(photos.id, face))).toHaveLength(1);
    now = new Date(Date.now() + 25 * 3_600_000);
    const result = await sweeper.sweepOnce();
    expect(result.unusedPhotos).toBeGreaterThanOrEqual(3);
    expect(await t.db.select().from(photos).where(eq(photos.id, face))).toEqual([]);
    expect(await storedFile(row!.largeKey)).toBeUndefined();
  });
});
