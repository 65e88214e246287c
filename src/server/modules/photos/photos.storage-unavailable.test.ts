/**
 * A photo upload while the object store cannot take the files (issue 17, docs/api.md): 503
 * `storage_unavailable` with a message to try again, nothing kept (no photo row, no file once the
 * queued deletions ran, no temporary upload), and the same upload taken once the store is back.
 * On file storage (its folder replaced by a file) and on s3rver (stopped), on both databases.
 */
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createStorageSweeper } from "../../jobs/storage-sweeper";
import { photos, storageDeletions } from "../../db/schema";
import { createEvent } from "../../test/factories";
import { phoneJpeg, silentLog, STORES, usePhotoApp } from "./photos.test-support";
import { uploadsDir } from "./photos.upload-dir";

const TRY_AGAIN = "No se pudo guardar la foto. Intentá nuevamente en unos minutos.";

describe.each(STORES)("a photo upload while the object store is unreachable, on %s storage", (store) => {
  const { t, upload, storedFile, s3 } = usePhotoApp(store);
  let down = false;

  const diskDir = () => {
    if (t.config.storage.kind !== "disk") throw new Error("not file storage");
    return t.config.storage.dir;
  };

  /** The store stops taking files: s3rver stopped; the storage folder replaced by a plain file. */
  async function storeDown() {
    down = true;
    if (store === "s3") return s3()!.stop();
    await rm(diskDir(), { recursive: true, force: true });
    await writeFile(diskDir(), "not a folder");
  }

  async function storeBack() {
    if (!down) return;
    down = false;
    if (store === "s3") return s3()!.start();
    await rm(diskDir(), { force: true });
  }

  afterEach(async () => {
    vi.restoreAllMocks();
    await storeBack();
  });

  const rowsOf = (eventId: string) => t.db.select().from(photos).where(eq(photos.eventId, eventId));
  const queuedOf = async (eventId: string) =>
    (
      await t.db
        .select()
        .from(storageDeletions)
        .where(like(storageDeletions.storageKey, `photos/${eventId}/%`))
    ).map((row) => row.storageKey);

  /** The sweeper's passes until the event's queued deletions are done (the store is back). */
  async function sweep(eventId: string) {
    const sweeper = createStorageSweeper({ db: t.db, storage: t.app.ctx.storage, log: silentLog });
    for (let pass = 0; pass < 5 && (await queuedOf(eventId)).length > 0; pass++) await sweeper.sweepOnce();
  }

  it("answers 503 storage_unavailable, keeps nothing, and takes the same photo once the store is back", async () => {
    const event = await createEvent(t.db, { photos: "required" });
    const file = await phoneJpeg();
    await storeDown();

    const started = Date.now();
    const refused = await upload(event.id, "face", file);
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json()).toEqual({ error: { code: "storage_unavailable", message: TRY_AGAIN } });
    // The request fails fast: a person's phone is not left waiting on a store that does not answer.
    expect(Date.now() - started).toBeLessThan(10_000);

    // No photo row: no id was answered, and none could be claimed by a registration.
    expect(await rowsOf(event.id)).toEqual([]);
    // The upload's temporary file is gone too.
    expect(await readdir(await uploadsDir())).toEqual([]);
    // Whatever the store may have taken is queued for removal: both of the dropped photo's files.
    const queued = await queuedOf(event.id);
    expect(queued).toHaveLength(2);
    expect(queued.sort()).toEqual([
      expect.stringMatching(new RegExp(`^photos/${event.id}/[0-9a-f-]{36}-large\\.jpg$`)),
      expect.stringMatching(new RegExp(`^photos/${event.id}/[0-9a-f-]{36}-thumb\\.jpg$`)),
    ]);

    await storeBack();
    await sweep(event.id);
    expect(await queuedOf(event.id)).toEqual([]);
    for (const key of queued) expect(await storedFile(key)).toBeUndefined();

    // The person's retry (the form retries by itself) now succeeds, with both files stored.
    const retried = await upload(event.id, "face", file);
    expect(retried.statusCode, retried.body).toBe(201);
    const rows = await rowsOf(event.id);
    expect(rows.map((row) => row.id)).toEqual([retried.json().photoId]);
    expect(await storedFile(rows[0]!.largeKey)).toBeDefined();
    expect(await storedFile(rows[0]!.thumbKey)).toBeDefined();
  });

  it("a store lost between the two files: the row goes, and the file already written is removed", async () => {
    const event = await createEvent(t.db, { photos: "optional" });
    const storage = t.app.ctx.storage;
    const put = storage.put.bind(storage);
    const written: string[] = [];
    // The large file is written; the store is lost just before the thumbnail (a real failure of
    // each store: s3rver stopped; on disk, a folder where the thumbnail's file goes).
    vi.spyOn(storage, "put").mockImplementation(async (key, body, contentType) => {
      if (key.endsWith("-thumb.jpg")) {
        if (store === "s3") await storeDown();
        else await mkdir(path.join(diskDir(), ...key.split("/")), { recursive: true });
      }
      await put(key, body, contentType);
      written.push(key);
    });

    const refused = await upload(event.id, "profile", await phoneJpeg());
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json().error.code).toBe("storage_unavailable");
    expect(written).toEqual([expect.stringMatching(/-large\.jpg$/)]);
    expect(await rowsOf(event.id)).toEqual([]);
    const [largeKey] = written as [string];
    expect(await queuedOf(event.id)).toContain(largeKey);

    vi.restoreAllMocks();
    await storeBack();
    if (store === "disk") {
      const blocker = path.join(diskDir(), ...largeKey.replace(/-large\.jpg$/, "-thumb.jpg").split("/"));
      await rm(blocker, { recursive: true, force: true });
    }
    // The file the store took before it was lost is there until the queued deletion runs…
    expect(await storedFile(largeKey)).toBeDefined();
    await sweep(event.id);
    // …and then nothing of the refused photo remains.
    expect(await queuedOf(event.id)).toEqual([]);
    expect(await storedFile(largeKey)).toBeUndefined();
  });
});
