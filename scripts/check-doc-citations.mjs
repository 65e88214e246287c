// `node scripts/check-doc-citations.mjs`: fails (exit 1, one `file:line: problem` a line) when a
// tracked file cites a document that is not in the repository (SPEC.md, ARCHITECTURE.md, STYLE.md,
// ../shared/), a docs/ path that does not exist, or a § that the cited document does not have.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { findCitationProblems } from "./lib/doc-citations.mjs";

/** The tracked text files (binary ones hold no citations). */
export function trackedTextFiles() {
  const paths = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
    .split("\0")
    .filter(Boolean);
  return paths
    .filter((path) => existsSync(path))
    .map((path) => ({ path, buffer: readFileSync(path) }))
    .filter(({ buffer }) => !buffer.subarray(0, 8000).includes(0))
    .map(({ path, buffer }) => ({ path, text: buffer.toString("utf8") }));
}

const files = trackedTextFiles();
const problems = findCitationProblems(files, (path) => existsSync(path));
for (const problem of problems) console.error(`${problem.path}:${problem.line}: ${problem.message}`);
if (problems.length > 0) {
  console.error(`\n${problems.length} broken citation(s). node scripts/replace-doc-citations.mjs rewrites the old ones.`);
  process.exit(1);
}
console.log(`Citations checked in ${files.length} files: all point at what the repository holds.`);
