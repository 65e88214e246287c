/**
 * The citation check and the citation rewrite (issue 33): a clone of the repository can follow every
 * citation its comments and docs make.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findCitationProblems, replaceCitations, sectionsOf } from "./lib/doc-citations.mjs";

const product = {
  path: "docs/product.md",
  text: "# Product\n\n## 1. What it does\n\n## 5. Validation rules\n\n### 5.2 Event form\n",
};

function problemsOf(path: string, text: string) {
  const files = [
    product,
    { path: "docs/api.md", text: "# API\n" },
    { path: "scripts/x.mjs", text: "" },
    { path: "scripts/lib/x.mjs", text: "" },
    { path, text },
  ];
  return findCitationProblems(files).map((problem) => `${problem.path}:${problem.line}: ${problem.message}`);
}

describe("the citation check", () => {
  it("reads a document's numbered sections", () => {
    expect([...sectionsOf(product.text)]).toEqual(["1", "5", "5.2"]);
  });

  it("reports the documents kept outside the repository, with file and line", () => {
    expect(problemsOf("src/a.ts", "ok\n/** SPEC.md §5 */\n// ARCHITECTURE.md invariants, STYLE.md")).toEqual([
      "src/a.ts:2: cites SPEC.md, which is not in the repository: cite docs/product.md",
      "src/a.ts:3: cites ARCHITECTURE.md, which is not in the repository: cite docs/architecture.md",
      "src/a.ts:3: cites STYLE.md, which is not in the repository: cite docs/code-style.md",
    ]);
    expect(problemsOf("README.md", "see ../shared/notes.txt")).toEqual([
      "README.md:1: cites a file outside the repository (../shared/)",
    ]);
  });

  it("reports a docs/ path that does not exist, and a relative link in a doc that leads nowhere", () => {
    expect(problemsOf("src/b.ts", "// docs/api.md and docs/decisions/999-nothing.md, docs/decisions/NNN-title.md")).toEqual([
      "src/b.ts:1: cites docs/decisions/999-nothing.md, which does not exist",
    ]);
    expect(problemsOf("docs/guide.md", "[the API](api.md), [gone](decisions/001-x.md), [up](../README.md)")).toEqual([
      "docs/guide.md:1: links to decisions/001-x.md (docs/decisions/001-x.md), which does not exist",
      "docs/guide.md:1: links to ../README.md (README.md), which does not exist",
    ]);
  });

  it("reports a § the cited document does not have, each § read against the document named before it", () => {
    expect(problemsOf("src/c.ts", "// docs/product.md §5, §5.2 and §7; docs/api.md §1")).toEqual([
      "src/c.ts:1: cites docs/product.md §7, which has no such section",
      "src/c.ts:1: cites docs/api.md §1, which has no such section",
    ]);
    // Inside a doc, a bare § is the doc's own section; elsewhere a bare § is nobody's to check.
    expect(problemsOf("docs/product.md", "## 1. What\n\nas §1 says, and §4")).toEqual([
      "docs/product.md:3: cites docs/product.md §4, which has no such section",
    ]);
    expect(problemsOf("src/d.ts", "// see §42")).toEqual([]);
  });

  it("reports a repository path a doc names in code quotes that does not exist, placeholders aside", () => {
    expect(
      problemsOf("docs/guide.md", "`src/gone.ts`, `docs/api.md`, `src/<feature>/x.ts`, `scripts/`, `scripts/x.mjs`"),
    ).toEqual(["docs/guide.md:1: names src/gone.ts, which does not exist"]);
  });

  it("reports a shorter code path no file's path ends with", () => {
    expect(problemsOf("docs/guide.md", "`lib/x.mjs` and `modules/gone.ts`")).toEqual([
      "docs/guide.md:1: names modules/gone.ts, which no file's path ends with",
    ]);
  });

  it("reads a doc's bare mention of a sibling as the document its § belongs to", () => {
    expect(problemsOf("docs/guide.md", "as product.md §5 says, and api.md §2")).toEqual([
      "docs/guide.md:1: cites docs/api.md §2, which has no such section",
    ]);
  });

  it("passes a file whose citations all resolve", () => {
    expect(problemsOf("src/e.ts", "// docs/product.md §1 and §5.2, [x](docs/api.md)")).toEqual([]);
  });
});

describe("the citation rewrite", () => {
  it("cites docs/ for each old document, keeping the § and touching nothing else", () => {
    const before = [
      "/** Business constants of SPEC.md §9. */",
      "// keeps SPEC.md's Spanish options (ARCHITECTURE.md invariants); STYLE.md: one way",
      "See ../shared/SPEC.md §2 and ARCHITECTURE.md's HTTP API table.",
      "unchanged: docs/product.md, MYSPEC.md",
    ].join("\n");
    const { text, changes } = replaceCitations(before);
    expect(text.split("\n")).toEqual([
      "/** Business constants of docs/product.md §9. */",
      "// keeps docs/product.md's Spanish options (docs/architecture.md invariants); docs/code-style.md: one way",
      "See docs/product.md §2 and docs/api.md.",
      "unchanged: docs/product.md, MYSPEC.md",
    ]);
    expect(changes.map((change) => change.line)).toEqual([1, 2, 3]);
  });

  it("leaves the repository with no broken citation once applied", () => {
    const paths = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
      .split("\0")
      .filter((path) => /\.(ts|tsx|mjs|js|md|css|sql|html|json)$|^\.env\.example$|^\.ci\//.test(path));
    const files = paths.map((path) => {
      const original = readFileSync(path, "utf8");
      return { path, text: replaceCitations(original).text };
    });
    const problems = findCitationProblems(files);
    expect(problems.map((problem) => `${problem.path}:${problem.line}: ${problem.message}`)).toEqual([]);
  });
});
