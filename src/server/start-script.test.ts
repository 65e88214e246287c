/**
 * `npm start` (scripts/start.mjs) runs the server as its child: a signal to it reaches the server,
 * and it ends as the server did, so a process manager's SIGTERM stops both. The script runs in a
 * directory holding a fresh build stamp and a stand-in server (no build, no database).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const START = path.resolve(import.meta.dirname, "../../scripts/start.mjs");
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A stand-in dist/server/main.js: writes its pid, then on SIGTERM/SIGINT `onSignal` (JS source). */
function project(onSignal: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "opencall-start-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "src"));
  mkdirSync(path.join(dir, "dist/server"), { recursive: true });
  for (const file of ["src/a.ts", "package.json", "vite.config.ts"]) writeFileSync(path.join(dir, file), "{}");
  const past = new Date(Date.now() - 60_000);
  for (const file of ["src/a.ts", "src", "package.json", "vite.config.ts"]) utimesSync(path.join(dir, file), past, past);
  writeFileSync(path.join(dir, "dist/.build-stamp"), "now");
  writeFileSync(
    path.join(dir, "dist/server/main.js"),
    `const fs = require("node:fs");
     ${onSignal ? `for (const s of ["SIGTERM", "SIGINT"]) process.on(s, (signal) => { ${onSignal} });` : ""}
     setInterval(() => {}, 1000);
     fs.writeFileSync("server.pid", String(process.pid));`,
  );
  return dir;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts the script in `dir`, waits for the stand-in server, sends `signal` to the script. */
async function startThenSignal(dir: string, signal: NodeJS.Signals) {
  const start = spawn(process.execPath, [START], { cwd: dir, stdio: "ignore" });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    start.once("exit", (code, sig) => resolve({ code, signal: sig })),
  );
  const pidFile = path.join(dir, "server.pid");
  await until(() => existsSync(pidFile) && readFileSync(pidFile, "utf8") !== "", "the server to start");
  const serverPid = Number(readFileSync(pidFile, "utf8"));
  expect(serverPid).not.toBe(start.pid); // the server is a child process
  expect(alive(serverPid)).toBe(true);
  start.kill(signal);
  return { ended: await exit, serverPid };
}

describe("npm start's script and its server process", () => {
  it("passes SIGTERM on to the server and exits with the server's code once it has stopped", async () => {
    const dir = project(`fs.writeFileSync("stopped-by", signal); setTimeout(() => process.exit(0), 200);`);
    const { ended, serverPid } = await startThenSignal(dir, "SIGTERM");
    expect(ended).toEqual({ code: 0, signal: null });
    expect(readFileSync(path.join(dir, "stopped-by"), "utf8")).toBe("SIGTERM");
    await until(() => !alive(serverPid), "the server to be gone");
  });

  it("passes SIGINT on once, and exits with the server's own exit code", async () => {
    const dir = project(`fs.appendFileSync("stopped-by", signal + ";"); setTimeout(() => process.exit(3), 200);`);
    const { ended } = await startThenSignal(dir, "SIGINT");
    expect(ended).toEqual({ code: 3, signal: null });
    expect(readFileSync(path.join(dir, "stopped-by"), "utf8")).toBe("SIGINT;");
  });

  it("ends by the same signal when the server is ended by it", async () => {
    const dir = project("");
    const { ended, serverPid } = await startThenSignal(dir, "SIGTERM");
    expect(ended).toEqual({ code: null, signal: "SIGTERM" });
    expect(alive(serverPid)).toBe(false);
  });

  it("stops the server gracefully when the script itself is killed outright (no orphan)", async () => {
    const dir = project("");
    // The stand-in uses the real shutdown (src/server/startup.ts), run under tsx like the sources.
    const startup = path.resolve(import.meta.dirname, "startup.ts");
    writeFileSync(
      path.join(dir, "dist/server/main.js"),
      `const fs = require("node:fs");
       const { closeOnSignal } = require(${JSON.stringify(startup)});
       const log = { info: () => {}, error: () => {} };
       const database = { close: async () => fs.writeFileSync("closed", "yes") };
       const messages = { stopping: "", stopped: "", timedOut: "" };
       closeOnSignal({ log, timeoutMs: 5000, database, messages }, async () => fs.writeFileSync("stopped", "yes"));
       setInterval(() => {}, 1000);
       fs.writeFileSync("server.pid", String(process.pid));`,
    );
    const tsx = import.meta.resolve("tsx");
    const env = { ...process.env, TSX_TSCONFIG_PATH: path.resolve(import.meta.dirname, "../../tsconfig.json") };
    const start = spawn(process.execPath, ["--import", tsx, START], { cwd: dir, stdio: "ignore", env });
    const pidFile = path.join(dir, "server.pid");
    await until(() => existsSync(pidFile) && readFileSync(pidFile, "utf8") !== "", "the server to start");
    const serverPid = Number(readFileSync(pidFile, "utf8"));
    start.kill("SIGKILL");
    await until(() => !alive(serverPid), "the server to stop");
    expect(readFileSync(path.join(dir, "stopped"), "utf8")).toBe("yes");
    expect(readFileSync(path.join(dir, "closed"), "utf8")).toBe("yes");
  });
});
