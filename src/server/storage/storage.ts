/**
 * Object storage: where photos' bytes live. One small interface, two implementations: files under
 * DATA_DIR (the default) and any S3-compatible object store (STORAGE_URL or the S3_ variables),
 * so several app processes on one PostgreSQL share the same store. Keys are opaque paths such as
 * `photos/<event>/<photo>-large.jpg`; the database holds them, never a URL.
 */
import type { Readable } from "node:stream";

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

export interface ObjectStore {
  readonly kind: "disk" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** undefined when there is no such object. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removes the object; a key that is already gone is not an error (deletions are retried). */
  delete(key: string): Promise<void>;
  /** Releases connections (S3 client sockets). */
  close(): void;
}

/** A key is made by the server alone; anything else is refused before it reaches a path or a URL. */
export const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]{0,300}$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..") || key.includes("//")) throw new Error(`unsafe storage key: ${key}`);
}
