/**
 * `npm run cluster`: the multi-process deployment of docs/deploy.md on this machine. HAProxy (Debian's
 * haproxy package) on CLUSTER_PORT (default 8080) in front of CLUSTER_APPS app processes (default 2)
 * on a fresh database of the local PostgreSQL server (CLUSTER_DATABASE_SERVER, default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped on Ctrl-C. Other variables (SMTP_URL,
 * PUBLIC_REGISTRATION_RATE_LIMIT…) are passed to the app processes.
 */
import { execSync } from "node:child_process";
import { haproxyAvailable, startCluster } from "../src/server/test/cluster";

const serverUrl = process.env.CLUSTER_DATABASE_SERVER ?? "postgres://postgres@127.0.0.1:5432/postgres";
if (!haproxyAvailable()) {
  console.error("haproxy is not installed: apt-get install -y haproxy");
  process.exit(1);
}
try {
  execSync("pg_isready -h 127.0.0.1 -p 5432 -q");
} catch {
  // The local server, as .ci/run starts it.
  const version = execSync("ls /etc/postgresql | sort -V | tail -n 1").toString().trim();
  execSync(`pg_ctlcluster --skip-systemctl-redirect ${version} main start`, { stdio: "inherit" });
}

const passed = [
  "SMTP_URL",
  "MAIL_FROM",
  "MAIL_RATE_PER_SECOND",
  "PUBLIC_REGISTRATION_RATE_LIMIT",
  "SIGN_IN_RATE_LIMIT",
  "LOG_LEVEL",
];
const env = Object.fromEntries(passed.filter((name) => process.env[name]).map((name) => [name, process.env[name]!]));
const cluster = await startCluster({
  appProcesses: Number(process.env.CLUSTER_APPS ?? 2),
  port: Number(process.env.CLUSTER_PORT ?? 8080),
  serverUrl,
  env: { LOG_LEVEL: "info", ...env },
  log: (line) => process.stdout.write(line),
});
console.log(`\nOpenCall cluster: ${cluster.url} (HAProxy) → app processes on ports ${cluster.appPorts.join(", ")}`);
console.log(
  `database ${cluster.databaseUrl.replace(/\/\/[^@]*@/, "//")} (dropped on exit); metrics at http://127.0.0.1:<app port>/metrics`,
);
console.log(`photos in ${cluster.storageUrl.replace(/\/\/[^@]*@/, "//")} (shared by the app processes)`);
console.log("Ctrl-C stops everything.");
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void cluster.stop().then(() => process.exit(0));
  });
}
