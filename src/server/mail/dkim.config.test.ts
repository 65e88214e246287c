import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { dkimPublicKey } from "./dkim";

const pem = (bits: number) =>
  generateKeyPairSync("rsa", { modulusLength: bits }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const key = pem(2048);
const base = {
  DATA_DIR: "/tmp/opencall-config-test",
  AUTH_SECRET: "x".repeat(40),
  MAIL_FROM: "Agencia <no-reply@mail.agency.com>",
};
const dkim = { DKIM_DOMAIN: "agency.com", DKIM_SELECTOR: "oc2027" };

describe("DKIM configuration", () => {
  it("is off unless configured", () => {
    expect(loadConfig(base).dkim).toBeUndefined();
  });

  it("reads the key inline, with escaped line breaks, or from a file", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "dkim-")), "key.pem");
    writeFileSync(file, key);
    for (const source of [
      { DKIM_PRIVATE_KEY: key },
      { DKIM_PRIVATE_KEY: key.replace(/\n/g, "\\n") },
      { DKIM_PRIVATE_KEY_FILE: file },
    ]) {
      const config = loadConfig({ ...base, ...dkim, ...source });
      expect(config.dkim).toMatchObject({ domain: "agency.com", selector: "oc2027" });
      expect(dkimPublicKey(config.dkim!.privateKey)).toBe(dkimPublicKey(key));
    }
  });

  it("names the variable that is missing or wrong, and never shows the key", () => {
    expect(() => loadConfig({ ...base, DKIM_DOMAIN: "agency.com" })).toThrow(/DKIM_SELECTOR/);
    expect(() => loadConfig({ ...base, ...dkim })).toThrow(/DKIM_PRIVATE_KEY/);
    expect(() => loadConfig({ ...base, ...dkim, DKIM_PRIVATE_KEY: key, DKIM_PRIVATE_KEY_FILE: "/k" })).toThrow(/not both/);
    expect(() => loadConfig({ ...base, ...dkim, DKIM_PRIVATE_KEY_FILE: "/nonexistent/key.pem" })).toThrow(/cannot be read/);
    expect(() => loadConfig({ ...base, ...dkim, DKIM_PRIVATE_KEY: pem(512) })).toThrow(/at least 1024 bits/);
    expect(() => loadConfig({ ...base, ...dkim, DKIM_PRIVATE_KEY: "secret-not-a-key" })).toThrow(
      /DKIM_PRIVATE_KEY: is not a readable PEM private key$/m,
    );
    expect(() => loadConfig({ ...base, ...dkim, DKIM_PRIVATE_KEY: key, DKIM_DOMAIN: "other.com" })).toThrow(
      /DKIM_DOMAIN: must be MAIL_FROM's domain/,
    );
  });
});
