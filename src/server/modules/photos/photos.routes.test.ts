/**
 * Photos' API (issue 17), the same tests on file storage and on an S3-protocol server (s3rver,
 * started here), on PGlite and PostgreSQL (the server-pglite / server-pg projects).
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../../config";
import { photos, storageDeletions } from "../../db/schema";
import { createEvent, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { createStorageSweeper } from "../../jobs/storage-sweeper";
import {
  avifOf,
  bombPng,
  diskStorage,
  exifTags,
  jpegAppMarkers,
  multipart,
  pdfFile,
  phoneJpeg,
  photoUpload,
  pngOf,
  startS3,
  STORES,
  truncatedJpeg,
  webpOf,
  type TestS3,
} from "./photos.test-support";

const silent = { debug() {}, info() {}, warn() {}, error() {} };

describe.each(STORES)("photos on %s storage", (store) => {
  const overrides: Partial<Config> = {};
  let s3: TestS3 | undefined;
  beforeAll(async () => {
    if (store === "s3") {
      s3 = await startS3();
      overrides.storage = s3.config;
    } else {
      overrides.storage = diskStorage();
    }
  });
  afterAll(async () => {
    await s3?.close();
  });
  const t = useTestApp(overrides);

  const upload = (eventId: string, kind: string, file: Buffer, filename?: string, type?: string) =>
    t.app.inject({ method: "POST", url: `/api/public/events/${eventId}/photos`, ...photoUpload(kind, file, filename, type) });

  async function uploadThree(eventId: string) {
    const ids: Record<string, string> = {};
    for (const kind of ["face", "profile", "full"]) {
      const res = await upload(eventId, kind, await phoneJpeg());
      expect(res.statusCode, res.body).toBe(201);
      ids[kind] = res.json().photoId;
    }
    return ids as { face: string; profile: string; full: string };
  }

  const register = (eventId: string, body: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: `/api/public/events/${eventId}/registrations`, payload: body });

  async function storedFile(key: string): Promise<Buffer | undefined> {
    const object = await t.app.ctx.storage.get(key);
    if (!object) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  it("stores an upright photo with no EXIF, GPS or camera data, large and thumbnail", async () => {
    const event = await createEvent(t.db, { photos: "required" });
    const original = await phoneJpeg(300, 200);
    // The fixture carries what a phone writes: orientation, camera, serial and GPS position.
    expect(exifTags(original)?.gps.length).toBeGreaterThan(0);
    expect((await sharp(original).metadata()).orientation).toBe(6);

    const res = await upload(event.id, "face", original);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(photos).where(eq(photos.id, res.json().photoId));
    expect(row).toMatchObject({ eventId: event.id, kind: "face", registrationId: null, width: 200, height: 300 });

    for (const key of [row!.largeKey, row!.thumbKey]) {
      const stored = (await storedFile(key))!;
      expect(stored).toBeDefined();
      expect(exifTags(stored)).toBeUndefined();
      // No EXIF/XMP (APP1), ICC (APP2) or IPTC (APP13) segment at all; JFIF (APP0) only.
      expect(jpegAppMarkers(stored).filter((m) => m !== 0xe0)).toEqual([]);
      expect(stored.includes("PhoneCo")).toBe(false);
      expect(stored.includes("SN-123456")).toBe(false);
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      // Upright: the original's left (red) half is now on top, its right (blue) half at the bottom.
      expect(meta.height).toBeGreaterThan(meta.width!);
      const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3));
      const [topR, , topB] = pixel(Math.floor(info.width / 2), 5);
      const [bottomR, , bottomB] = pixel(Math.floor(info.width / 2), info.height - 5);
      expect(topR).toBeGreaterThan(200);
      expect(topB).toBeLessThan(60);
      expect(bottomB).toBeGreaterThan(200);
      expect(bottomR).toBeLessThan(60);
    }
  });

  it("accepts PNG, WebP and AVIF, and a large photo comes back at most 2,000 px", async () => {
    const event = await createEvent(t.db, { photos: "optional" });
    for (const [file, name] of [
      [await pngOf(3000, 1000), "a.png"],
      [await webpOf(400, 500), "b.webp"],
      [await avifOf(300, 300), "c.avif"],
    ] as const) {
      const res = await upload(event.id, "full", file, name, "image/*");
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
    }
    const rows = await t.db.select().from(photos).where(eq(photos.eventId, event.id));
    expect(rows.map((r) => [r.width, r.height]).sort()).toEqual([
      [2000, 667],
      [300, 300],
      [400, 500],
    ]);
  });

  describe("refuses every bad file with a 4xx and a message", () => {
    const cases: Array<[string, () => Promise<{ payload: Buffer; headers: Record<string, string> }>, number, string]> = [
      [
        "a decompression bomb (100,000 × 100,000 PNG)",
        async () => photoUpload("face", bombPng(), "bomb.png", "image/png"),
        413,
        "photo_too_many_pixels",
      ],
      ["a truncated JPEG", async () => photoUpload("face", await truncatedJpeg()), 400, "photo_unreadable"],
      ["a PDF named photo.jpg", async () => photoUpload("face", pdfFile(), "photo.jpg", "image/jpeg"), 400, "photo_unsupported"],
      [
        "a 30 MB file",
        async () => photoUpload("face", Buffer.concat([await phoneJpeg(), Buffer.alloc(30 * 1024 * 1024, 7)])),
        413,
        "photo_too_large",
      ],
      [
        "ten files at once",
        async () => {
          const file = await phoneJpeg();
          return multipart([
            { name: "kind", value: "face" },
            ...Array.from({ length: 10 }, (_, i) => ({
              name: "file",
              value: file,
              filename: `p${i}.jpg`,
              contentType: "image/jpeg",
            })),
          ]);
        },
        400,
        "photo_one_file",
      ],
      ["no file", async () => multipart([{ name: "kind", value: "face" }]), 400, "validation_failed"],
      ["a wrong kind", async () => photoUpload("selfie", await phoneJpeg()), 400, "validation_failed"],
      [
        "a GIF",
        async () =>
          photoUpload(
            "face",
            await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
              .gif()
              .toBuffer(),
            "a.gif",
            "image/gif",
          ),
        400,
        "photo_unsupported",
      ],
    ];
    it.each(cases)("%s", async (_name, body, status, code) => {
      const event = await createEvent(t.db, { photos: "required" });
      const started = Date.now();
      const res = await t.app.inject({ method: "POST", url: `/api/public/events/${event.id}/photos`, ...(await body()) });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.message).toMatch(/\w{4,}/);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(await t.db.select().from(photos).where(eq(photos.eventId, event.id))).toEqual([]);
    });

    it("answers in the request's language", async () => {
      const event = await createEvent(t.db, { photos: "required" });
      const { payload, headers } = photoUpload("face", pdfFile(), "x.jpg");
      const res = await t.app.inject({
        method: "POST",
        url: `/api/public/events/${event.id}/photos`,
        payload,
        headers: { ...headers, "accept-language": "en" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe("The file is not a JPEG, PNG, WebP or AVIF photo.");
    });

    it("a body that is not multipart, or broken, is a 400", async () => {
      const event = await createEvent(t.db, { photos: "required" });
      const json = await t.app.inject({
        method: "POST",
        url: `/api/public/events/${event.id}/photos`,
        payload: { kind: "face" },
      });
      expect(json.statusCode).toBe(400);
      const { payload, headers } = photoUpload("face", await phoneJpeg());
      const cut = await t.app.inject({
        method: "POST",
        url: `/api/public/events/${event.id}/photos`,
        payload: payload.subarray(0, payload.length - 40),
        headers,
      });
      expect(cut.statusCode).toBe(400);
    });
  });

  it("refuses uploads for an unknown or inactive event, and for an event without photos", async () => {
    const inactive = await createEvent(t.db, { status: "inactive" });
    const off = await createEvent(t.db, { photos: "off" });
    const file = await phoneJpeg();
    expect((await upload(inactive.id, "face", file)).json().error.code).toBe("event_not_found");
    expect((await upload("not-a-uuid", "face", file)).statusCode).toBe(404);
    const refused = await upload(off.id, "face", file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe("photos_not_accepted");
  });

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
  });

  it("deleting a registration deletes its photos' files, also when the store was down meanwhile", async () => {
    const event = await createEvent(t.db, { photos: "required" });
    const ids = await uploadThree(event.id);
    await register(event.id, registrationBody(event.timeslots[0]!.id, { photos: ids }));
    const rows = await t.db.select().from(photos).where(eq(photos.eventId, event.id));
    const keys = rows.flatMap((r) => [r.largeKey, r.thumbKey]);
    for (const key of keys) expect(await storedFile(key)).toBeDefined();

    const { headers } = await signedInAs(t.app, { role: "admin" });
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
