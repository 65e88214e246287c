import { createHash, randomBytes } from "node:crypto";

// Secrets are cut from random bytes drawn from the CSPRNG a few kilobytes at a time, as Node's own
// crypto.randomUUID does: one call into OpenSSL per 128 tokens instead of one per token (it was 5%
// of a registration's time in Node). Each byte is handed out once.
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

function freshRandomBytes(size: number): Buffer {
  if (used + size > pool.length) {
    pool = randomBytes(Math.max(POOL_BYTES, size));
    used = 0;
  }
  const bytes = pool.subarray(used, used + size);
  used += size;
  return bytes;
}

/** A 256-bit random secret (base64url) and the SHA-256 that is the only thing stored. */
export function newSecretToken(): { token: string; hash: string } {
  const token = freshRandomBytes(32).toString("base64url");
  return { token, hash: sha256(token) };
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}
