// `npm start`: build what is missing or out of date, then run the server (or, with --worker, the
// outbox worker alone).
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const STAMP = "dist/.build-stamp";

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(newestMtime("src"), statSync("package.json").mtimeMs, statSync("vite.config.ts").mtimeMs);
const stale = !existsSync(STAMP) || statSync(STAMP).mtimeMs < sources;
if (stale) {
  console.log("Building OpenCall…");
  execSync("npm run build", { stdio: "inherit" });
  writeFileSync(STAMP, new Date().toISOString());
}

const entry = process.argv.includes("--worker") ? "../dist/server/worker.js" : "../dist/server/main.js";
await import(entry);
