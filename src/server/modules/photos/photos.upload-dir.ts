/**
 * Where uploads wait while they arrive: a folder of this process's own under the OS's temporary
 * folder (`opencall-uploads/<pid>`, private to the server's user). Each upload's file is removed
 * once it is processed or refused; a process that dies mid-upload leaves its file behind, so the
 * next start removes what dead processes left (and its own folder's old content: after a restart
 * in a container the new process may carry the dead one's pid).
 */
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export const UPLOADS_ROOT = path.join(tmpdir(), "opencall-uploads");

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Anything else in the folder (an older release wrote its uploads there directly) goes once this old. */
const STRAY_AGE_MS = 3_600_000;

async function stale(root: string, entry: string, pid: number): Promise<boolean> {
  if (/^\d+$/.test(entry)) return Number(entry) === pid || !alive(Number(entry));
  const { mtimeMs } = await stat(path.join(root, entry));
  return Date.now() - mtimeMs > STRAY_AGE_MS;
}

/**
 * Removes what no living process is writing: the folders of processes that are gone, and this
 * process's own folder (it has not received anything yet). Answers the folder this process
 * uploads into, created empty.
 */
export async function cleanStaleUploads(root: string = UPLOADS_ROOT, pid: number = process.pid): Promise<string> {
  await mkdir(root, { recursive: true, mode: 0o700 });
  for (const entry of await readdir(root)) {
    if (await stale(root, entry, pid).catch(() => false)) await rm(path.join(root, entry), { recursive: true, force: true });
  }
  const own = path.join(root, String(pid));
  await mkdir(own, { mode: 0o700 });
  return own;
}

let prepared: Promise<string> | undefined;

/** This process's uploads folder, cleaned once per process (several apps in one process share it). */
export function uploadsDir(): Promise<string> {
  prepared ??= cleanStaleUploads().catch((error: unknown) => {
    prepared = undefined;
    throw error;
  });
  return prepared;
}
