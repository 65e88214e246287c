/** Starts the built app (dist/server/main.js) on a free port with a temporary data directory. */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningApp {
  baseUrl: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<number | null>;
}

export async function startApp(env: Record<string, string>, entry = "dist/server/main.js"): Promise<RunningApp> {
  const port = Number(env.PORT ?? (await freePort()));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH ?? "", PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: baseUrl, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited during start (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`app did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
