/**
 * Photos' upload (issue 17), the same tests on file storage and on an S3-protocol server (s3rver,
 * started here), on PGlite and PostgreSQL (the server-pglite / server-pg projects).
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { photos } from "../../db/schema";
import { createEvent } from "../../test/factories";
import {
  avifOf,
  bombPng,
  exifTags,
  jpegAppMarkers,
  multipart,
  pdfFile,
  phoneJpeg,
  photoUpload,
  pngOf,
  STORES,
  truncatedJpeg,
  usePhotoApp,
  webpOf,
} from "./photos.test-support";

describe.each(STORES)("photo uploads on %s storage", (store) => {
  const { t, upload, storedFile } = usePhotoApp(store);

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
});
