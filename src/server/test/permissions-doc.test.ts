import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { permissionsTableMarkdown } from "@common/permissions-table";

const BEGIN = "<!-- permissions-table:begin -->";
const END = "<!-- permissions-table:end -->";

/** A Markdown table's cells, whatever the padding a formatter gives it. */
const cells = (table: string) =>
  table
    .trim()
    .split("\n")
    .map((line) =>
      line
        .split("|")
        .map((cell) => cell.trim())
        .map((cell) => (/^:?-+:?$/.test(cell) ? "---" : cell)),
    );

describe("docs/permissions.md", () => {
  it("prints the capability table as src/common/permissions.ts defines it", () => {
    const doc = readFileSync("docs/permissions.md", "utf8");
    const printed = doc.slice(doc.indexOf(BEGIN) + BEGIN.length, doc.indexOf(END)).trim();
    // When this fails, paste the table below between the markers (or fix the table in permissions.ts).
    expect(cells(printed)).toEqual(cells(permissionsTableMarkdown()));
  });
});
