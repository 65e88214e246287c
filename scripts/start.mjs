// `npm start`: build what is missing or out of date, then run the server (or, with --worker, the
// outbox worker alone) as a child process. SIGTERM, SIGINT and SIGHUP are passed on to the child
// (the build's, then the server's), and this process ends as its child did (the same exit code, or
// the same signal), so a process manager that stops `npm start` stops the server.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const STAMP = "dist/.build-stamp";
const FORWARDED = ["SIGTERM", "SIGINT", "SIGHUP"];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Runs a command to its end, passing the signals this process receives on to it. The child has its
 * own process group, so a Ctrl-C in the terminal reaches it once (from here), not twice: a second
 * signal would end the server without its graceful shutdown. The server also gets an IPC channel:
 * should this process end without passing a signal on (killed outright), the channel closes and the
 * server shuts down gracefully (src/server/startup.ts) instead of running on, orphaned.
 */
function run(command, args, { ipc = false } = {}) {
  return new Promise((resolve, reject) => {
    const stdio = ipc ? ["inherit", "inherit", "inherit", "ipc"] : "inherit";
    const child = spawn(command, args, { stdio, detached: true });
    const forward = (signal) => child.kill(signal);
    for (const signal of FORWARDED) process.on(signal, forward);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      for (const name of FORWARDED) process.off(name, forward);
      resolve({ code, signal });
    });
  });
}

/** Ends this process as its child ended. */
function exitLike({ code, signal }) {
  if (signal)
    process.kill(process.pid, signal); // no handler left: the default action, ending here
  else process.exit(code ?? 1);
}

/** Builds when the sources are newer than the last build, then runs the server (or the worker). */
async function main() {
  const sources = Math.max(newestMtime("src"), statSync("package.json").mtimeMs, statSync("vite.config.ts").mtimeMs);
  if (!existsSync(STAMP) || statSync(STAMP).mtimeMs < sources) {
    console.log("Building OpenCall…");
    const build = await run(process.platform === "win32" ? "npm.cmd" : "npm", ["run", "build"]);
    if (build.signal || build.code !== 0) return build;
    writeFileSync(STAMP, new Date().toISOString());
  }
  const entry = path.resolve(process.argv.includes("--worker") ? "dist/server/worker.js" : "dist/server/main.js");
  return run(process.execPath, [...process.execArgv, entry], { ipc: true });
}

exitLike(await main());
