// `npm run bench`: runs every bench/*.bench.ts in turn (or those named on the command line);
// each prints its own figures.
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";

const wanted = process.argv.slice(2);
const benches = readdirSync("bench")
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();
if (benches.length === 0) {
  console.error("No benchmark matched.");
  process.exit(1);
}
for (const bench of benches) {
  console.log(`\n=== ${bench} ===`);
  execFileSync(process.execPath, ["--import", "tsx", "--expose-gc", `bench/${bench}`], { stdio: "inherit" });
}
