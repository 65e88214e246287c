import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newSecretToken, sha256 } from "./tokens";

describe("secret tokens", () => {
  it("are 256 random bits, never handed out twice across the random pool's refills, stored only as their SHA-256", () => {
    // 1,000 tokens: about eight refills of the 4 KB pool.
    const tokens = Array.from({ length: 1000 }, () => newSecretToken());
    expect(new Set(tokens.map((t) => t.token)).size).toBe(1000);
    for (const { token, hash } of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
      expect(hash).toBe(createHash("sha256").update(token).digest("hex"));
    }
    // No 32-byte run of the pool is reused, even shifted: every token's bytes are new.
    const chunks = new Set(tokens.map((t) => Buffer.from(t.token, "base64url").toString("hex").slice(0, 16)));
    expect(chunks.size).toBe(1000);
    expect(sha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
