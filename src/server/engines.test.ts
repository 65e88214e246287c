/**
 * Every package `npm ci` installs runs on the oldest Node the project supports (package.json's
 * `engines.node`): one that asks for more makes `npm install` warn EBADENGINE, and may not run.
 * The packages are the lock file's; each is read from node_modules when installed (its own
 * package.json is what npm checks), from the lock's record otherwise (another platform's binary).
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

interface Semver {
  minVersion(range: string): { version: string } | null;
  validRange(range: string): string | null;
  satisfies(version: string, range: string): boolean;
}
const semver = createRequire(import.meta.url)("semver") as Semver;

interface Manifest {
  version?: string;
  engines?: { node?: string };
  link?: boolean;
}
const root = path.resolve(import.meta.dirname, "../..");
const readJson = <T>(file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8")) as T;

/** The lock's packages (path → manifest) whose engines.node leaves `minimum` out. */
export function packagesExcluding(minimum: string, packages: Record<string, Manifest>, installed = (p: string) => p) {
  const refused: string[] = [];
  for (const [where, record] of Object.entries(packages)) {
    if (!where || record.link) continue;
    const file = installed(where);
    const manifest = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Manifest) : record;
    const range = manifest.engines?.node;
    if (range && (!semver.validRange(range) || !semver.satisfies(minimum, range))) {
      refused.push(`${where}@${manifest.version ?? "?"} wants node ${range}`);
    }
  }
  return refused;
}

describe("installed packages and the supported Node", () => {
  const projectRange = readJson<{ engines: { node: string } }>("package.json").engines.node;
  const minimum = semver.minVersion(projectRange)!.version;

  it("every package in the lock accepts the oldest supported Node", () => {
    const lock = readJson<{ packages: Record<string, Manifest> }>("package-lock.json");
    const refused = packagesExcluding(minimum, lock.packages, (where) => path.join(root, where, "package.json"));
    expect(refused).toEqual([]);
  });

  it("names a package whose engines leave the minimum out (the check can fail)", () => {
    const packages = {
      "": { version: "0.1.0" },
      "node_modules/cookie": { version: "2.0.2", engines: { node: ">=22" } },
      "node_modules/ok": { version: "1.0.0", engines: { node: ">=18" } },
    };
    expect(packagesExcluding(minimum, packages, (where) => `/nonexistent/${where}`)).toEqual([
      "node_modules/cookie@2.0.2 wants node >=22",
    ]);
  });
});
