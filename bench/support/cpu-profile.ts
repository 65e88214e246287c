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
  if (functionName.startsWith("(")) return functionName;
  return functionName ? `(${functionName})` : "(native)";
}

export async function startCpuProfile() {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  return {
    /** Stops, and prints the `top` places by share of the samples. */
    async stop(top = 14): Promise<void> {
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
      console.log(`  CPU profile of the app's thread (idle ${(idle * 100).toFixed(0)}%), self time by place:`);
      for (const [key, hits] of [...totals]
        .filter(([k]) => k !== "(idle)")
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)) {
        console.log(`    ${((hits / all) * 100).toFixed(1).padStart(5)}%  ${key}`);
      }
    },
  };
}
