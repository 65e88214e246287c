/**
 * The uploads' temporary folder: one per process, emptied of what a crashed process left when the
 * next one starts, and left empty by every upload, taken or refused.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createEvent } from "../../test/factories";
import { phoneJpeg, photoUpload, truncatedJpeg, usePhotoApp } from "./photos.test-support";
import { cleanStaleUploads, uploadsDir } from "./photos.upload-dir";

const roots: string[] = [];
afterAll(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

async function scratchRoot(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "opencall-uploads-test-"));
  roots.push(root);
  return root;
}

/** A process that starts writing an upload into its folder under `root` and is killed mid-way. */
function crashMidUpload(root: string): number {
  const script = `
    const fs = require("node:fs"), path = require("node:path");
    const dir = path.join(process.argv[1], String(process.pid));
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "half.upload"), Buffer.alloc(64 * 1024, 7));
    process.kill(process.pid, "SIGKILL");`;
  const child = spawnSync(process.execPath, ["-e", script, root]);
  expect(child.signal).toBe("SIGKILL");
  return child.pid!;
}

describe("the uploads' temporary folder", () => {
  it("at start, removes what a process killed mid-upload left, and keeps a living process's uploads", async () => {
    const root = await scratchRoot();
    const dead = crashMidUpload(root);
    expect(existsSync(path.join(root, String(dead), "half.upload"))).toBe(true);
    // A living process (this one's parent) is receiving an upload.
    const living = path.join(root, String(process.ppid));
    await mkdir(living);
    await writeFile(path.join(living, "arriving.upload"), "…");
    // An older release's uploads, written into the folder itself: an old one goes, a recent one may be arriving.
    await writeFile(path.join(root, "old-release.upload"), "…");
    const hoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(path.join(root, "old-release.upload"), hoursAgo, hoursAgo);
    await writeFile(path.join(root, "recent-release.upload"), "…");
    // This process's pid was a dead one's before (a restarted container): its old files go too.
    await mkdir(path.join(root, String(process.pid)));
    await writeFile(path.join(root, String(process.pid), "old.upload"), "…");

    const own = await cleanStaleUploads(root);

    expect(own).toBe(path.join(root, String(process.pid)));
    expect(await readdir(own)).toEqual([]);
    expect(((await stat(own)).mode & 0o777).toString(8)).toBe("700");
    expect((await readdir(root)).sort()).toEqual([String(process.pid), String(process.ppid), "recent-release.upload"].sort());
    expect(await readdir(living)).toEqual(["arriving.upload"]);
  });

  describe("through the upload route", () => {
    const { t, upload } = usePhotoApp("disk");

    it("is this process's own, and is empty again after uploads taken, refused or cut short", async () => {
      const directory = await uploadsDir();
      expect(path.basename(directory)).toBe(String(process.pid));
      const event = await createEvent(t.db, { photos: "required" });
      expect((await upload(event.id, "face", await phoneJpeg())).statusCode).toBe(201);
      expect((await upload(event.id, "face", await truncatedJpeg())).statusCode).toBe(400);
      const { payload, headers } = photoUpload("face", await phoneJpeg());
      const cut = await t.app.inject({
        method: "POST",
        url: `/api/public/events/${event.id}/photos`,
        payload: payload.subarray(0, payload.length - 40),
        headers,
      });
      expect(cut.statusCode).toBe(400);
      expect(await readdir(directory)).toEqual([]);
    });
  });
});
