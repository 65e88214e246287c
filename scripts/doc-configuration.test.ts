/**
 * Every environment variable the server reads (src/server/config.ts, the only reader of
 * process.env) is documented in docs/architecture.md or docs/deploy.md, and every variable those
 * documents' tables name is one the server reads.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** The variables config.ts reads: its schema's keys and its `env.X` reads. */
export function variablesRead(source: string): Set<string> {
  const keys = [...source.matchAll(/^\s*([A-Z][A-Z0-9_]+):\s*z\./gm)].map((match) => match[1] ?? "");
  const reads = [...source.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((match) => match[1] ?? "");
  return new Set([...keys, ...reads]);
}

/** The variables a document's tables name in their first column: | `PORT` / `HOST` | … |. */
export function variablesDocumented(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const line of markdown.split("\n")) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1] ?? "";
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]{2,})`/g)) names.add(match[1] ?? "");
  }
  return names;
}

describe("the configuration's documentation", () => {
  const read = variablesRead(readFileSync("src/server/config.ts", "utf8"));
  const documented = new Set([
    ...variablesDocumented(readFileSync("docs/architecture.md", "utf8")),
    ...variablesDocumented(readFileSync("docs/deploy.md", "utf8")),
  ]);

  it("finds the variables on both sides", () => {
    expect(read).toContain("DATABASE_URL");
    expect(read.size).toBeGreaterThan(20);
    expect(variablesDocumented("| `A_B` / `C_D` | x `NOT_THIS` |\n`NOR_THIS`")).toEqual(new Set(["A_B", "C_D"]));
  });

  it("documents every variable config.ts reads", () => {
    expect([...read].filter((name) => !documented.has(name))).toEqual([]);
  });

  it("documents no variable config.ts does not read", () => {
    expect([...documented].filter((name) => !read.has(name))).toEqual([]);
  });
});
