/**
 * Prometheus metrics at /metrics (prom-client), one registry per app: each process exposes its own
 * counts, and Prometheus (or whoever scrapes) adds the processes up. Reachable only from the
 * addresses of METRICS_ALLOW (the client's address as TRUST_PROXY resolves it); anyone else, and
 * everyone when the setting is empty, gets the same 404 as any unknown path.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Database } from "../db/client";
import { rowsOf } from "../db/client";
import { addressMatcher } from "../lib/address-list";
import { errors } from "../errors";

export const REGISTRATION_ROUTE = "/api/public/events/:eventId/registrations";

export interface MailOutcomes {
  sent: number;
  failed: number;
  retried: number;
}

export interface AppMetrics {
  registry: Registry;
  /** The outbox worker's outcomes, counted by the worker running in this process. */
  recordMail(outcomes: MailOutcomes): void;
  observe(method: string, route: string, status: number, seconds: number): void;
  /** A public registration's outcome: 201 created, else refused for `code`. */
  registration(status: number, code: string | undefined): void;
}

export function createMetrics(database: Database, options: { processMetrics?: boolean } = {}): AppMetrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: "opencall_" });

  const httpDuration = new Histogram({
    name: "opencall_http_request_duration_seconds",
    help: "HTTP requests by method, route and status, with their duration (its _count is the number of requests)",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const created = new Counter({
    name: "opencall_registrations_created_total",
    help: "Public registrations created by this process",
    registers: [registry],
  });
  const refused = new Counter({
    name: "opencall_registrations_refused_total",
    help: "Public registrations refused by this process, by reason (the error code)",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  const mailSent = new Counter({
    name: "opencall_mail_sent_total",
    help: "Messages sent by this process's outbox worker",
    registers: [registry],
  });
  const mailFailed = new Counter({
    name: "opencall_mail_failed_total",
    help: "Send attempts that failed, by outcome: retry (queued again) or failed (for good)",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "opencall_outbox_queued",
    help: "Messages waiting in the outbox (pending or being sent), database-wide",
    registers: [registry],
    collect: async function () {
      const stats = await outboxStats(database);
      this.set(stats.queued);
      oldest.set(stats.oldestSeconds);
    },
  });
  const oldest = new Gauge({
    name: "opencall_outbox_oldest_queued_age_seconds",
    help: "Age of the oldest message waiting in the outbox (0 when none), database-wide",
    registers: [registry],
  });
  new Gauge({
    name: "opencall_db_pool_connections",
    help: "This process's database connections by state (total, idle, waiting requests, max)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const use = database.poolUse();
      for (const [state, value] of Object.entries(use)) this.set({ state }, value);
    },
  });

  return {
    registry,
    recordMail({ sent, failed, retried }) {
      if (sent) mailSent.inc(sent);
      if (failed) mailFailed.inc({ outcome: "failed" }, failed);
      if (retried) mailFailed.inc({ outcome: "retry" }, retried);
    },
    observe(method, route, status, seconds) {
      httpDuration.observe({ method, route, status: String(status) }, seconds);
    },
    registration(status, code) {
      if (status === 201) created.inc();
      else refused.inc({ reason: code ?? `http_${status}` });
    },
  };
}

async function outboxStats(database: Database): Promise<{ queued: number; oldestSeconds: number }> {
  const [row] = rowsOf<{ queued: string | number; oldest: string | number | null }>(
    await database.db.execute(
      sql`select count(*) as queued, extract(epoch from now() - min(created_at)) as oldest
          from outbox_messages where status in ('pending', 'sending')`,
    ),
  );
  return { queued: Number(row?.queued ?? 0), oldestSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
}

/** Times every request, counts registrations by outcome, and serves /metrics to METRICS_ALLOW. */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, allow: readonly string[]): void {
  const allowed = addressMatcher(allow);
  const codes = new WeakMap<object, string>();

  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method === "POST" && request.routeOptions.url === REGISTRATION_ROUTE && reply.statusCode >= 400) {
      if (typeof payload === "string") {
        try {
          const code = (JSON.parse(payload) as { error?: { code?: unknown } }).error?.code;
          if (typeof code === "string") codes.set(request, code);
        } catch {
          // not JSON: counted by status
        }
      }
    }
    return payload;
  });
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    metrics.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    if (request.method === "POST" && route === REGISTRATION_ROUTE) metrics.registration(reply.statusCode, codes.get(request));
  });

  app.get("/metrics", { logLevel: "warn", schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request.ip)) throw errors.notFound();
    reply.header("content-type", metrics.registry.contentType);
    reply.header("cache-control", "no-store");
    return metrics.registry.metrics();
  });
}
