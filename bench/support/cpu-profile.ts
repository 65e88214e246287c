/**
 * A CPU profile of this thread (the app's, in the benchmarks: the load runs in a worker thread),
 * summed by where the time goes: our code by file, a dependency by package, Node's own work.
 */
import { Session } from "node:inspector/promises";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  hitCount?: number;
}

function where(url: string, functionName: string): string {
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1]!;
  const ours = /\/(src\/.+)$/.exec(url);
  if (ours) return `${ours[1]!} ${functionName || "(anonymous)"}`;
  if (url.startsWith("node:")) return url;
  if (url.startsWith("wasm://")) return "@electric-sql/pglite (its engine, WebAssembly)";
  if (functionName.startsWith("(")) return functionName;
  return functionName ? `(${functionName})` : "(native)";
}

/** The layer a place belongs to (issue 34: where the app's layers spend the registration's CPU). */
const LAYERS: Array<[RegExp, string]> = [
  [
    /^(src\/server\/modules\/public\/public\.emails|src\/server\/mail\/|src\/server\/modules\/privacy\/privacy\.emails|@lingui)/,
    "e-mail rendering (templates, messages)",
  ],
  [/^(zod|fastify-type-provider-zod|src\/common\/schemas|src\/common\/registrant)/, "validation and serialisation (zod)"],
  [
    /^(fastify|@fastify\/|find-my-way|avvio|fast-json-stringify|fast-uri|light-my-request|secure-json-parse|fast-querystring|ajv|toad-cache|fast-content-type-parse|process-warning|abstract-logging|pino)/,
    "Fastify (routing, hooks, body parsing, replies)",
  ],
  [/^drizzle-orm/, "ORM (drizzle)"],
  [/^(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+|@electric-sql\/pglite)$/, "database driver (pg; PGlite's JavaScript)"],
  [/^@electric-sql\/pglite \(its engine/, "PGlite's engine (the database itself)"],
  [/^src\/server\/modules\/public\//, "registration (service, tokens, statement's values)"],
  [/^src\/server\/(app|context|plugins|hooks|http|lib)/, "app's hooks and plugins"],
  [/^src\//, "other app code"],
  [/^node:/, "Node (http, net, streams, crypto)"],
  [/^\(garbage collector\)/, "garbage collector"],
  [/^\((program|runMicrotasks)\)/, "V8 (program, microtasks)"],
  [/^\(/, "native calls (sockets, hashing, buffers)"],
];
const layerOf = (place: string) => LAYERS.find(([pattern]) => pattern.test(place))?.[1] ?? `other: ${place.split(" ")[0]}`;

function printShares(title: string, totals: Map<string, number>, all: number, top: number) {
  console.log(title);
  for (const [key, hits] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`    ${((hits / all) * 100).toFixed(1).padStart(5)}%  ${key}`);
}

export async function startCpuProfile() {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  return {
    /** Stops, and prints the `top` places by share of the samples (and, with `layers`, the layers' shares). */
    async stop(top = 14, layers = false): Promise<void> {
      const { profile } = (await session.post("Profiler.stop")) as { profile: { nodes: ProfileNode[] } };
      session.disconnect();
      const totals = new Map<string, number>();
      let all = 0;
      for (const node of profile.nodes) {
        const hits = node.hitCount ?? 0;
        all += hits;
        const key = where(node.callFrame.url, node.callFrame.functionName);
        totals.set(key, (totals.get(key) ?? 0) + hits);
      }
      const idle = (totals.get("(idle)") ?? 0) / all;
      totals.delete("(idle)");
      printShares(`  CPU profile of the app's thread (idle ${(idle * 100).toFixed(0)}%), self time by place:`, totals, all, top);
      if (!layers) return;
      const byLayer = new Map<string, number>();
      for (const [key, hits] of totals) byLayer.set(layerOf(key), (byLayer.get(layerOf(key)) ?? 0) + hits);
      printShares("  self time by layer:", byLayer, all, top);
    },
  };
}
