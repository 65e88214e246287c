/**
 * Two apps on one database stand for two processes behind a proxy: the per-IP registration limit
 * and the mail send rate are counted in the database, so they hold across both; the client's
 * address comes from X-Forwarded-For only when the peer is a trusted proxy.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../app";
import { rowsOf } from "../db/client";
import { createSharedCounter, sharedRateLimitStore } from "../lib/shared-limits";
import { createSendRate } from "../mail/send-rate";
import { createEvent, registrationBody } from "../test/factories";
import { testConfig, useTestApp } from "../test/harness";

const LIMIT = 3;
const PROXY = "127.0.0.1";
const t = useTestApp({ publicRegistrationRateLimit: LIMIT, trustProxy: [PROXY], metricsAllow: ["10.9.0.0/16"] });
let second: App;

beforeAll(async () => {
  second = await buildApp({ config: t.config, database: t.database, logger: false });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
});

async function register(app: App, remoteAddress: string, headers: Record<string, string> = {}) {
  const event = await createEvent(t.db, { timeslots: [{ capacity: 100 }] });
  return app.inject({
    method: "POST",
    url: `/api/public/events/${event.id}/registrations`,
    payload: registrationBody(event.timeslots[0]!.id),
    remoteAddress,
    headers,
  });
}

describe("limits shared by every process on one database", () => {
  it("refuses the limit plus one, whichever process it reaches", async () => {
    const apps = [t.app, second, t.app, second];
    const statuses = [];
    for (const app of apps) statuses.push((await register(app, "203.0.113.50")).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await register(t.app, "203.0.113.50")).statusCode).toBe(429);
    expect((await register(second, "203.0.113.51")).statusCode).toBe(201);
  });

  it("counts a forged X-Forwarded-For from an untrusted client against the client's own address", async () => {
    const statuses = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      const app = i % 2 ? second : t.app;
      statuses.push((await register(app, "198.51.100.70", { "x-forwarded-for": `192.0.2.${i + 1}` })).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it("takes the client's address from the trusted proxy's X-Forwarded-For", async () => {
    const viaProxy = (app: App, client: string) => register(app, PROXY, { "x-forwarded-for": client });
    const statuses = [];
    for (let i = 0; i < LIMIT + 1; i++) statuses.push((await viaProxy(i % 2 ? second : t.app, "203.0.113.80")).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    // Another client behind the same proxy has its own count.
    expect((await viaProxy(second, "203.0.113.81")).statusCode).toBe(201);
    // A client cannot prepend a forged address: the proxy appends the real one, which is taken.
    expect((await viaProxy(t.app, "192.0.2.99, 203.0.113.80")).statusCode).toBe(429);
  });

  it("shares the mail send rate of one transport between processes", async () => {
    const counter = createSharedCounter(t.db);
    const key = `mail-rate:test-${Date.now()}`;
    const perSecond = 5;
    const gates = [createSendRate(counter, key, perSecond), createSendRate(counter, key, perSecond)];
    const started = Date.now();
    const grantedAt: number[] = [];
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => gates[i % 2]!.acquire().then(() => grantedAt.push(Date.now() - started))),
    );
    grantedAt.sort((a, b) => a - b);
    // 12 permits at 5 per second from two processes: 5 in the first window, 5 in the next, 2 after.
    expect(grantedAt.filter((ms) => ms < 900)).toHaveLength(perSecond);
    expect(grantedAt[grantedAt.length - 1]).toBeGreaterThanOrEqual(1900);
  });
});

describe("the per-IP limit's permits, reserved ahead by each process", () => {
  // Two stores on one database stand for two processes (each has its own reserved permits).
  const stores = () => {
    const Store = sharedRateLimitStore(createSharedCounter(t.db));
    return [new Store({}), new Store({})];
  };
  const incr = (store: InstanceType<ReturnType<typeof sharedRateLimitStore>>, key: string, max: number) =>
    new Promise<number>((resolve, reject) =>
      store.incr(key, (error, result) => (error ? reject(error) : resolve(result!.current)), 60_000, max),
    );
  const stored = async (key: string) => {
    const [row] = rowsOf<{ count: number }>(
      await t.db.execute(sql`select count from rate_limits where key = ${`ip-limit:http:${key}`}`),
    );
    return Number(row?.count ?? 0);
  };

  it("counts a lone visitor exactly", async () => {
    const [store] = stores();
    const key = `lone-${Date.now()}`;
    const seen = [];
    for (let i = 0; i < 3; i++) seen.push(await incr(store!, key, 120));
    expect(seen).toEqual([1, 2, 3]);
    expect(await stored(key)).toBeLessThanOrEqual(4); // at most the batch of one hit ahead
  });

  it("serves a rush from one address from a few reservations, each hit counted once, none lost", async () => {
    const counter = createSharedCounter(t.db);
    let reservations = 0;
    const Store = sharedRateLimitStore({ hit: (...args) => (reservations++, counter.hit(...args)) });
    const store = new Store({});
    const key = `rush-${Date.now()}`;
    const seen = await Promise.all(Array.from({ length: 300 }, () => incr(store, key, 10_000)));
    expect(new Set(seen).size).toBe(300);
    expect(reservations).toBeLessThan(20); // 1 + 2 + 4 + … : one row lock per batch, not per request
    expect(Math.max(...seen)).toBeLessThanOrEqual(300 + 256); // the reserved batch's unused rest at most
    expect(await stored(key)).toBeGreaterThanOrEqual(300);
  });

  it("never lets an address past the limit across processes, and refuses it at most a batch per process early", async () => {
    const [a, b] = stores();
    const key = `shared-${Date.now()}`;
    const max = 40; // batches of up to 4 per process
    let allowed = 0;
    for (let i = 0; i < 60; i++) if ((await incr(i % 2 ? a! : b!, key, max)) <= max) allowed++;
    expect(allowed).toBeLessThanOrEqual(max);
    expect(allowed).toBeGreaterThanOrEqual(max - 2 * 4);
  });
});

describe("/metrics", () => {
  it("is a 404 for addresses outside METRICS_ALLOW, whatever they claim", async () => {
    expect((await t.app.inject({ url: "/metrics", remoteAddress: "203.0.113.9" })).statusCode).toBe(404);
    const forged = await t.app.inject({
      url: "/metrics",
      remoteAddress: "203.0.113.9",
      headers: { "x-forwarded-for": "10.9.1.1" },
    });
    expect(forged.statusCode).toBe(404);
    const closed = await buildApp({ config: testConfig(), database: t.database, logger: false });
    expect((await closed.inject({ url: "/metrics", remoteAddress: "127.0.0.1" })).statusCode).toBe(404);
    await closed.close();
  });

  it("counts requests by route and status, registrations by outcome, the outbox and the pool; the processes add up", async () => {
    const scrape = async (app: App) => {
      const res = await app.inject({ url: "/metrics", remoteAddress: "10.9.3.4" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/plain/);
      return res.body;
    };
    const value = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? 0);
    const texts = [await scrape(t.app), await scrape(second)];
    const sum = (name: string) => texts.reduce((total, text) => total + value(text, name), 0);
    const [registered] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from model_registrations`));
    const [queued] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from outbox_messages where status in ('pending', 'sending')`),
    );
    expect(sum("opencall_registrations_created_total")).toBe(registered!.n);
    expect(sum("opencall_registrations_created_total")).toBe(11);
    expect(sum('opencall_registrations_refused_total\\{reason="rate_limited"\\}')).toBe(5);
    expect(
      sum(
        'opencall_http_request_duration_seconds_count\\{method="POST",route="/api/public/events/:eventId/registrations",status="201"\\}',
      ),
    ).toBe(11);
    // The outbox is the database's: every process reports the same depth.
    expect(value(texts[0]!, "opencall_outbox_queued")).toBe(queued!.n);
    expect(value(texts[1]!, "opencall_outbox_queued")).toBe(queued!.n);
    expect(value(texts[0]!, "opencall_outbox_oldest_queued_age_seconds")).toBeGreaterThanOrEqual(0);
    expect(texts[0]).toMatch(/opencall_db_pool_connections\{state="max"\} \d+/);
  });
});
