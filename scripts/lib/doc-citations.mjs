/**
 * The repository's citations of its own documents (issue 33): what a comment or a doc may cite, and
 * how the old citations of documents kept outside the repository become citations of `docs/`.
 * Pure functions over `{ path, text }` files, so the tests need no checkout; the two CLI scripts
 * (check-doc-citations.mjs, replace-doc-citations.mjs) read the tracked files and call these.
 */

/** The documents that lived outside the repository, and where their content is now. */
export const MOVED_DOCUMENTS = [
  { name: "SPEC.md", to: "docs/product.md" },
  { name: "ARCHITECTURE.md", to: "docs/architecture.md" },
  { name: "STYLE.md", to: "docs/code-style.md" },
];

/** Files that name the old documents on purpose: these scripts and their tests. */
export const EXEMPT_FILES = new Set([
  "scripts/check-doc-citations.mjs",
  "scripts/replace-doc-citations.mjs",
  "scripts/lib/doc-citations.mjs",
  "scripts/lib/doc-citations.d.mts",
  "scripts/doc-citations.test.ts",
]);

const OLD_DOCUMENT = /(?<![\w/.-])(?:(?:\.\.\/|\/work\/)shared\/)?(SPEC|ARCHITECTURE|STYLE)\.md\b/g;
const OUTSIDE_FOLDER = /(?:\.\.\/|\/work\/)shared\//g;
/** A path under docs/ ending in .md, as prose or code names it (`docs/api.md`, docs/decisions/004-x.md). */
const DOCS_PATH = /(?<![\w./-])docs\/[\w./-]*?\.md\b/g;
/** A relative Markdown link to a .md file: [text](decisions/011-photos.md#anchor). */
const MARKDOWN_LINK = /\[[^\]]*\]\(((?!https?:|mailto:|#|\/)[^)\s#]+\.md)(?:#[^)\s]*)?\)/g;
const SECTION = /§\s?(\d+(?:\.\d+)*)/g;
/** A repository path a Markdown document names in code quotes: `src/common/csv.ts`, `src/server/db/schema/`. */
const CODE_PATH = /`((?:src|e2e|scripts|bench|docs|\.ci)\/[^`\s]*)`/g;
const PLACEHOLDER = /[<>*{}]|NNN/;
const PARTIAL_CODE_PATH = /`([\w.-]+(?:\/[\w.-]+)+\.(?:ts|tsx|mjs|js|sql|css|html))`/g;
const BARE_DOC = /(?<![\w/.-])([\w-]+\.md)\b/g;

/** The numbered sections of a Markdown document: `## 5. Validation rules` gives "5". */
export function sectionsOf(markdown) {
  const sections = new Set();
  for (const line of markdown.split("\n")) {
    const match = /^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/.exec(line);
    if (match) sections.add(match[1]);
  }
  return sections;
}

function joinPath(directory, relative) {
  const parts = directory ? directory.split("/") : [];
  for (const part of relative.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== "." && part !== "") parts.push(part);
  }
  return parts.join("/");
}

function directoryOf(path) {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

/**
 * Every broken citation in `files` (`[{ path, text }]`, the tracked files): each as
 * `{ path, line, message }`. `exists(path)` tells whether a path is in the repository (defaults to
 * the given files).
 */
export function findCitationProblems(files, exists) {
  const byPath = new Map(files.map((file) => [file.path, file.text]));
  const isThere =
    exists ?? ((path) => byPath.has(path) || files.some((file) => file.path.startsWith(`${path.replace(/\/$/, "")}/`)));
  const sectionCache = new Map();
  const sectionsIn = (doc) => {
    if (!sectionCache.has(doc)) sectionCache.set(doc, byPath.has(doc) ? sectionsOf(byPath.get(doc)) : new Set());
    return sectionCache.get(doc);
  };
  const problems = [];
  for (const file of files) {
    if (EXEMPT_FILES.has(file.path)) continue;
    const inDocs = file.path.startsWith("docs/") && file.path.endsWith(".md");
    file.text.split("\n").forEach((line, index) => {
      const report = (message) => problems.push({ path: file.path, line: index + 1, message });
      // Each reference to a document, in order, so that a § belongs to the document named before it
      // (a § after an old document's name is that document's, reported above, not checked again).
      const references = [];
      for (const match of line.matchAll(OLD_DOCUMENT)) {
        references.push({ at: match.index, doc: null });
        const moved = MOVED_DOCUMENTS.find((doc) => doc.name === `${match[1]}.md`);
        report(`cites ${match[0]}, which is not in the repository: cite ${moved.to}`);
      }
      if (OUTSIDE_FOLDER.test(line)) report("cites a file outside the repository (../shared/)");
      OUTSIDE_FOLDER.lastIndex = 0;
      for (const match of line.matchAll(DOCS_PATH)) {
        if (match[0].includes("NNN")) continue; // the naming pattern of ADRs, not a file
        references.push({ at: match.index, doc: match[0] });
        if (!isThere(match[0])) report(`cites ${match[0]}, which does not exist`);
      }
      if (file.path.endsWith(".md")) {
        for (const match of line.matchAll(MARKDOWN_LINK)) {
          const target = joinPath(directoryOf(file.path), match[1]);
          if (!isThere(target)) report(`links to ${match[1]} (${target}), which does not exist`);
          references.push({ at: match.index, doc: target });
        }
        // A doc's bare mention of a sibling ("product.md §5") names that sibling, for the § after it.
        for (const match of line.matchAll(BARE_DOC)) {
          const target = joinPath(directoryOf(file.path), match[1]);
          if (byPath.has(target)) references.push({ at: match.index, doc: target });
        }
        // A shorter path (`modules/accounts/session.ts`) must end some file's path.
        for (const match of line.matchAll(PARTIAL_CODE_PATH)) {
          const partial = match[1];
          if (/^(src|e2e|scripts|bench|docs|\.ci|dist)\//.test(partial)) continue;
          if (!files.some((file) => file.path.endsWith(`/${partial}`)))
            report(`names ${partial}, which no file's path ends with`);
        }
        for (const match of line.matchAll(CODE_PATH)) {
          const path = match[1].replace(/[.,:;]$/, "");
          if (PLACEHOLDER.test(path) || path.startsWith("docs/")) continue; // docs/ paths: checked above
          if (!isThere(path.replace(/\/$/, ""))) report(`names ${path}, which does not exist`);
        }
      }
      references.sort((a, b) => a.at - b.at);
      for (const match of line.matchAll(SECTION)) {
        const before = references.filter((reference) => reference.at < match.index).at(-1);
        // A bare § in a document of docs/ is one of its own sections.
        const doc = before ? before.doc : inDocs ? file.path : undefined;
        if (!doc || !byPath.has(doc)) continue;
        if (!sectionsIn(doc).has(match[1])) report(`cites ${doc} §${match[1]}, which has no such section`);
      }
    });
  }
  return problems;
}

/**
 * The citations of the old documents rewritten as citations of docs/: `SPEC.md §5` becomes
 * `docs/product.md §5` (product.md keeps SPEC.md's numbering), `ARCHITECTURE.md` becomes
 * `docs/architecture.md`, `STYLE.md` becomes `docs/code-style.md`. Returns the new text and the
 * changed lines.
 */
export function replaceCitations(text) {
  const changes = [];
  const lines = text.split("\n").map((line, index) => {
    const replaced = line
      .replace(/(?<![\w/.-])(?:(?:\.\.\/|\/work\/)shared\/)?ARCHITECTURE\.md's HTTP API table/g, "docs/api.md")
      .replace(OLD_DOCUMENT, (_whole, name) => MOVED_DOCUMENTS.find((doc) => doc.name === `${name}.md`).to);
    if (replaced !== line) changes.push({ line: index + 1, before: line, after: replaced });
    return replaced;
  });
  return { text: lines.join("\n"), changes };
}
