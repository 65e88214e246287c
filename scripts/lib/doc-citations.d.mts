/** Types of doc-citations.mjs, for the tests. */
export interface DocFile {
  path: string;
  text: string;
}
export interface CitationProblem {
  path: string;
  line: number;
  message: string;
}
export const MOVED_DOCUMENTS: { name: string; to: string }[];
export const EXEMPT_FILES: Set<string>;
export function sectionsOf(markdown: string): Set<string>;
export function findCitationProblems(files: DocFile[], exists?: (path: string) => boolean): CitationProblem[];
export function replaceCitations(text: string): {
  text: string;
  changes: { line: number; before: string; after: string }[];
};
