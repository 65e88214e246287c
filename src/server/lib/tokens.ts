import { createHash, randomBytes } from "node:crypto";

/** A 256-bit random secret (base64url) and the SHA-256 that is the only thing stored. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: sha256(token) };
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}
