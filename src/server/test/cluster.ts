/**
 * A local multi-process deployment (docs/deploy.md): HAProxy from Debian in front of N app
 * processes on one fresh PostgreSQL database. Used by `npm run cluster` (scripts/cluster.ts), the
 * cluster test (src/server/cluster.test.ts) and the cluster bench (bench/cluster.bench.ts).
 * Each app process runs src/server/main.ts under tsx (its outbox worker inside), with TRUST_PROXY
 * set to the proxy's address and METRICS_ALLOW to the loopback, so that each process's /metrics is
 * read on its own port. The processes share one object store for photos, as docs/deploy.md asks:
 * an S3-protocol server (s3rver) started here, or one folder of files (`storage: "files"`, one
 * machine only); each process keeps only its own DATA_DIR.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startS3, type TestS3 } from "./s3";
import { freePort } from "./smtp";

export interface ClusterOptions {
  /** App processes behind the proxy. */
  appProcesses?: number;
  /** The proxy's port (0: a free one). */
  port?: number;
  /** A PostgreSQL server URL; a new database is created on it (and dropped by stop()). */
  serverUrl?: string;
  /**
   * The photos' store the processes share: an S3-protocol server started here (default), or a
   * folder of files under the cluster's directory.
   */
  storage?: "s3" | "files";
  /** Extra environment of the app processes (SMTP_URL, limits…). */
  env?: Record<string, string>;
  /** Where the processes' output goes; default: kept in memory (see `output`). */
  log?: (line: string) => void;
}

export interface Cluster {
  /** The proxy's origin, e.g. http://127.0.0.1:8080 */
  url: string;
  port: number;
  appPorts: number[];
  databaseUrl: string;
  /** The STORAGE_URL every app process was given. */
  storageUrl: string;
  /** The AUTH_SECRET every app process was given (to sign a person's links in a bench). */
  authSecret: string;
  /** Process ids: the proxy, then each app process (for CPU accounting); a restarted app's is its new one. */
  pids: { proxy: number; apps: number[] };
  output(): string;
  /** Stops app process `index` (SIGTERM, as a deployment does), starts it again and waits until it answers. */
  restartApp(index: number): Promise<void>;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, "../../..");

export function haproxyAvailable(): boolean {
  return spawnSync("haproxy", ["-v"], { stdio: "ignore" }).status === 0;
}

/**
 * The proxy's configuration: round robin, health checks on /api/ready, compression, time-outs. The
 * line's live streams (Server-Sent Events) get a backend of their own: each holds a connection for
 * as long as a phone watches, so they must not take the request slots (`maxconn`) of the apps'
 * backend; they are never compressed, and the heartbeat (15 s) keeps them under the time-outs.
 */
export function haproxyConfig(port: number, appPorts: number[]): string {
  return `global
  # Every phone watching the line holds a connection (two file descriptors here).
  maxconn 8000

defaults
  mode http
  option httplog
  # The client's address for the app (TRUST_PROXY lists this proxy's address).
  option forwardfor
  option http-server-close
  timeout connect 5s
  # Longer than the streams' heartbeat (STREAM_HEARTBEAT_SECONDS, 15 s): an open stream is never idle this long.
  timeout client 30s
  timeout server 30s
  timeout http-request 10s
  timeout http-keep-alive 10s
  timeout queue 10s
  retries 2
  option redispatch

frontend opencall
  bind 127.0.0.1:${port}
  # A client's own X-Forwarded-For is kept and the real address appended: the apps take the last one.
  # Not text/event-stream: a compressor would hold a stream's messages back.
  compression algo gzip
  compression type text/html text/css application/javascript application/json text/plain
  use_backend streams if { path_end /stream }
  default_backend apps

backend apps
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
  default-server inter 2s fall 2 rise 1 maxconn 512
  http-response set-header X-Served-By %s
${appPorts.map((p, i) => `  server app${i + 1} 127.0.0.1:${p} check`).join("\n")}

backend streams
  # Streams last: the process holding fewest gets the next. Up to each process's own cap (5,000).
  balance leastconn
  default-server maxconn 5000
  http-response set-header X-Served-By %s
${appPorts.map((p, i) => `  server app${i + 1} 127.0.0.1:${p} track apps/app${i + 1}`).join("\n")}
`;
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`cluster: timed out waiting for ${what}\n${output().slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const answers = async (url: string) => (await fetch(url)).status === 200;

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const serverUrl = options.serverUrl ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const count = options.appProcesses ?? 2;
  const dir = mkdtempSync(path.join(tmpdir(), "opencall-cluster-"));
  const name = `opencall_cluster_${randomBytes(5).toString("hex")}`;
  await onServer(serverUrl, `create database ${name}`);
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

  let buffer = "";
  const log = options.log ?? ((line: string) => (buffer = (buffer + line).slice(-200_000)));
  const output = () => buffer;
  const children: ChildProcess[] = [];
  const port = options.port || (await freePort());
  const appPorts: number[] = [];
  for (let i = 0; i < count; i++) appPorts.push(await freePort());
  const publicUrl = `http://localhost:${port}`;
  const authSecret = randomBytes(32).toString("base64url");
  let s3: TestS3 | undefined;
  let storageUrl = `file:${path.join(dir, "storage")}`;

  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
            child.once("exit", () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill("SIGTERM");
          }),
      ),
    );
    await onServer(serverUrl, `drop database if exists ${name} with (force)`).catch(() => {});
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  };

  const spawnApp = (i: number): ChildProcess => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? dir,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        LOG_FORMAT: "json",
        PORT: String(appPorts[i]),
        HOST: "127.0.0.1",
        PUBLIC_URL: publicUrl,
        DATABASE_URL: databaseUrl,
        DATA_DIR: path.join(dir, `app${i + 1}`),
        STORAGE_URL: storageUrl,
        AUTH_SECRET: authSecret,
        TRUST_PROXY: "127.0.0.1",
        METRICS_ALLOW: "127.0.0.1",
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk: Buffer) => log(`[app${i + 1}] ${chunk.toString()}`));
    child.stderr?.on("data", (chunk: Buffer) => log(`[app${i + 1}] ${chunk.toString()}`));
    return child;
  };

  try {
    if ((options.storage ?? "s3") === "s3") {
      s3 = await startS3();
      storageUrl = s3.url;
    }
    for (const i of appPorts.keys()) children.push(spawnApp(i));
    // The first process migrates; the others wait on the migration lock, then find nothing to do.
    await Promise.all(
      appPorts.map((p) => waitFor(() => answers(`http://127.0.0.1:${p}/api/ready`), `app on port ${p}`, 120_000, output)),
    );

    const configFile = path.join(dir, "haproxy.cfg");
    writeFileSync(configFile, haproxyConfig(port, appPorts));
    const proxy = spawn("haproxy", ["-db", "-f", configFile], { stdio: ["ignore", "pipe", "pipe"] });
    proxy.stdout?.on("data", (chunk: Buffer) => log(`[haproxy] ${chunk.toString()}`));
    proxy.stderr?.on("data", (chunk: Buffer) => log(`[haproxy] ${chunk.toString()}`));
    children.unshift(proxy);
    // Ready once the proxy has seen every app pass its health check.
    const seen = new Set<string>();
    await waitFor(
      async () => {
        const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
        const server = res.headers.get("x-served-by");
        if (res.status === 200 && server) seen.add(server);
        return seen.size === count;
      },
      "the proxy to reach every app",
      30_000,
      output,
    );
    const pids = { proxy: proxy.pid ?? 0, apps: children.slice(1).map((c) => c.pid ?? 0) };
    const restartApp = async (index: number) => {
      const old = children[index + 1]!;
      await new Promise<void>((resolve) => {
        if (old.exitCode !== null || old.signalCode !== null) return resolve();
        old.once("exit", () => resolve());
        old.kill("SIGTERM");
      });
      const child = spawnApp(index);
      children[index + 1] = child;
      pids.apps[index] = child.pid ?? 0;
      await waitFor(
        () => answers(`http://127.0.0.1:${appPorts[index]}/api/ready`),
        `app ${index + 1} to restart`,
        120_000,
        output,
      );
    };
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      appPorts,
      databaseUrl,
      storageUrl,
      authSecret,
      pids,
      output,
      restartApp,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
