import { renameSync, writeFileSync } from "node:fs";

/**
 * Writes `file` aside, then renames it into place: another process reading it at that moment (the
 * other Playwright worker, a test reading the mailbox) finds the whole file or none, never half of
 * one (a rename within a folder is atomic).
 */
export function writeFileAtomically(file: string, contents: string): void {
  const aside = `${file}.${process.pid}.partial`;
  writeFileSync(aside, contents);
  renameSync(aside, file);
}
