// `npm run dev`: the API (tsx watch) on PORT+1 and Vite with hot reload on PORT, proxying /api.
import { spawn } from "node:child_process";

const port = Number(process.env.PORT ?? 3000);
const apiPort = port + 1;
const env = {
  ...process.env,
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
};

const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/server/main.ts"], {
    stdio: "inherit",
    env: { ...env, PORT: String(apiPort) },
  }),
  spawn("npx", ["vite"], { stdio: "inherit", env: { ...env, PORT: String(port), API_PORT: String(apiPort) } }),
];

const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
for (const child of children) {
  child.on("exit", (code) => {
    stop("SIGTERM");
    process.exitCode = code ?? 0;
  });
}
