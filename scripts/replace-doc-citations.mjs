// `node scripts/replace-doc-citations.mjs [--write]`: rewrites the citations of SPEC.md,
// ARCHITECTURE.md and STYLE.md in the tracked files as citations of docs/product.md,
// docs/architecture.md and docs/code-style.md (the § numbers stay: product.md keeps SPEC.md's).
// Without --write it only prints what it would change.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { EXEMPT_FILES, replaceCitations } from "./lib/doc-citations.mjs";

const write = process.argv.includes("--write");
const paths = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
  .split("\0")
  .filter((path) => path && !EXEMPT_FILES.has(path) && existsSync(path));
let changedFiles = 0;
let changedLines = 0;
for (const path of paths) {
  const buffer = readFileSync(path);
  if (buffer.subarray(0, 8000).includes(0)) continue;
  const { text, changes } = replaceCitations(buffer.toString("utf8"));
  if (changes.length === 0) continue;
  changedFiles += 1;
  changedLines += changes.length;
  for (const change of changes) console.log(`${path}:${change.line}\n  - ${change.before.trim()}\n  + ${change.after.trim()}`);
  if (write) writeFileSync(path, text);
}
console.log(
  `\n${changedLines} line(s) in ${changedFiles} file(s) ${write ? "rewritten" : "would be rewritten (dry run; --write applies)"}.`,
);
