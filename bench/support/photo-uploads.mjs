// The photo bench's client, in a process of its own so that its memory is not the server's:
// `concurrency` uploads at once of the file at `file`, each timed. Prints one JSON line.
import { readFileSync } from "node:fs";

const [url, file, concurrencyText, totalText] = process.argv.slice(2);
const bytes = readFileSync(file);
const concurrency = Number(concurrencyText);
const total = Number(totalText);
const latencies = [];
const statuses = {};
let next = 0;
const started = performance.now();

async function client() {
  while (next < total) {
    next++;
    const form = new FormData();
    form.append("kind", "face");
    form.append("file", new Blob([bytes], { type: "image/jpeg" }), "photo.jpg");
    const t0 = performance.now();
    const response = await fetch(url, { method: "POST", body: form });
    await response.arrayBuffer();
    latencies.push(performance.now() - t0);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  }
}

await Promise.all(Array.from({ length: concurrency }, client));
console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000, latencies, statuses }));
