/** The object store as files under a folder (DATA_DIR/storage by default). */
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { assertSafeKey, type ObjectStore } from "./storage";

const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".png": "image/png",
};

export function createDiskStore(dir: string): ObjectStore {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    kind: "disk",
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside then renamed: a reader never sees half a file.
      const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, file);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const { size } = await stat(file);
        return {
          body: createReadStream(file),
          size,
          contentType: CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream",
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    close() {},
  };
}
