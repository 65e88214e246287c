/**
 * The public registration's load on the real app, as bench/public-registration.bench.ts measures its
 * OpenCall line and bench/webhooks.bench.ts measures it with and without an endpoint subscribed: the
 * app built as main.ts builds it and listening, a new event of SLOTS slots per run, and one request
 * per registration. One definition, so the two benches load the app alike (same knobs, same defaults).
 */
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { buildApp, type App } from "../../src/server/app";
import type { Database, Db } from "../../src/server/db/client";
import type { TestDbKind } from "../../src/server/test/database";
import { createEvent, registrationBody } from "../../src/server/test/factories";
import { testConfig } from "../../src/server/test/harness";
import type { LoadJob } from "./registration-load";

/** Concurrent clients of the closed loop. */
export const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500);
export const SLOTS = 10;
/** Requests per measured run on each database. */
export const REQUESTS: Record<TestDbKind, number> = {
  pg: Number(process.env.BENCH_REQUESTS ?? 5000),
  pglite: Number(process.env.BENCH_PGLITE_REQUESTS ?? 2000),
};

/** A run's slots hold nine tenths of its requests: the last tenth meets full slots (409 timeslot_full). */
export const capacityFor = (requests: number) => Math.floor((requests * 0.9) / SLOTS);

export interface RegistrationApp {
  app: App;
  port: number;
  /** Whether it serves the build (`npm run build` made it) or the API alone. */
  built: boolean;
}

/** As main.ts builds it: with the built web app and the public pages' server rendering when `npm run build` has made them. */
export async function startRegistrationApp(database: Database): Promise<RegistrationApp> {
  const config = testConfig({ publicRegistrationRateLimit: 1_000_000, logLevel: "silent" });
  const built = existsSync("dist/web/index.html") && existsSync("dist/ssr/entry-server.js");
  const app = await buildApp({
    config,
    database,
    logger: false,
    ...(built ? { webRoot: path.resolve("dist/web"), ssrEntry: path.resolve("dist/ssr/entry-server.js") } : {}),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, port: (app.server.address() as AddressInfo).port, built };
}

/** An event of SLOTS hour-long slots of `capacity` each. */
export const slotsEvent = (db: Db, capacity: number) =>
  createEvent(db, {
    timeslots: Array.from({ length: SLOTS }, (_, i) => ({
      startTime: `${String(8 + i).padStart(2, "0")}:00`,
      endTime: `${String(9 + i).padStart(2, "0")}:00`,
      capacity,
    })),
  });

export type SlotsEvent = Awaited<ReturnType<typeof slotsEvent>>;

/**
 * `n` registrations spread over the event's slots, each with its own e-mail (`offset` keeps runs
 * apart), posted to `${prefix}/${eventId}` (the app's path adds `/registrations`).
 */
export const registrationRequests = (prefix: string, event: SlotsEvent, n: number, offset: number): LoadJob["requests"] =>
  Array.from({ length: n }, (_, i) => ({
    path: `${prefix}/${event.id}${prefix.startsWith("/api") ? "/registrations" : ""}`,
    body: registrationBody(event.timeslots[i % SLOTS]!.id, { email: `bench-${offset + i}@example.com` }),
  }));

/** The app's public registrations: POST /api/public/events/:eventId/registrations. */
export const appRequests = (event: SlotsEvent, n: number, offset: number) =>
  registrationRequests("/api/public/events", event, n, offset);
