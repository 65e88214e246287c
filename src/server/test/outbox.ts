/**
 * Test helpers for the outbox: a logger that keeps what it was told, a clock the test moves, a
 * quick way to enqueue messages, and workers against real SMTP servers.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach } from "vitest";
import type { Db } from "../db/client";
import { outboxMessages, type OutboxMessageRow } from "../db/schema";
import { createOutboxWorker, type OutboxWorker, type WorkerLogger } from "../jobs/outbox-worker";
import type { DkimConfig } from "../mail/dkim";
import { renderLayout } from "../mail/layout";
import { enqueueEmail, type OutgoingEmail } from "../mail/outbox";
import { createSmtpTransport } from "../mail/transport";
import type { TestApp } from "./harness";
import { startTestSmtpServer, type TestSmtpOptions, type TestSmtpServer } from "./smtp";

export const TEST_MAIL_FROM = "OpenCall <no-reply@agency.test>";

export interface LogEntry {
  level: "debug" | "info" | "warn" | "error";
  obj: object;
  msg: string | undefined;
}

export function memoryLogger(): WorkerLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at = (level: LogEntry["level"]) => (obj: object, msg?: string) => void entries.push({ level, obj, msg });
  return { entries, debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/** A clock that stands still until the test moves it (starting a little after the real now). */
export function testClock(): { now: () => Date; advance: (ms: number) => void } {
  let current = Date.now() + 1000;
  return { now: () => new Date(current), advance: (ms) => void (current += ms) };
}

export function testEmail(overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
  return {
    kind: "registration_reminder",
    to: `modelo-${Math.random().toString(16).slice(2, 10)}@example.com`,
    ...renderLayout({
      language: "es-AR",
      subject: "Confirmá tu inscripción en OpenCall",
      greeting: "Hola María José:",
      paragraphs: ["Gracias por inscribirte. Revisá los detalles de tu turno."],
      action: { label: "Confirmar mi correo", url: "http://localhost:3000/verify/abc123" },
    }),
    ...overrides,
  };
}

/** Enqueues `count` messages in one transaction and returns their rows. */
export async function enqueueMany(db: Db, count: number, overrides: Partial<OutgoingEmail> = {}): Promise<OutboxMessageRow[]> {
  const ids = await db.transaction(async (tx) => {
    const out: number[] = [];
    for (let i = 0; i < count; i++) out.push((await enqueueEmail(tx, testEmail(overrides))).id);
    return out;
  });
  return Promise.all(ids.map((id) => outboxRow(db, id)));
}

export async function outboxRow(db: Db, id: number): Promise<OutboxMessageRow> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

export interface WorkerOptions {
  clock?: () => Date;
  maxAttempts?: number;
  db?: Db;
  batchSize?: number;
  /** Sign every message with this key (DKIM). */
  dkim?: DkimConfig;
}

/**
 * For a test file of the outbox worker: empties the outbox before each test, and gives SMTP
 * servers and workers that are closed and stopped after it.
 */
export function useOutboxWorkers(t: TestApp) {
  let cleanup: Array<() => Promise<void>> = [];
  beforeEach(async () => {
    await t.db.delete(outboxMessages);
  });
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  });
  return {
    cleanup: (step: () => Promise<void>) => void cleanup.push(step),
    async smtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
      const server = await startTestSmtpServer(options);
      cleanup.push(() => server.close());
      return server;
    },
    /** A worker sending to `smtpUrl` (undefined: the development outbox), and what it logged. */
    worker(smtpUrl: string | undefined, extra: WorkerOptions = {}) {
      const log = memoryLogger();
      const config = {
        ...t.config,
        smtpUrl,
        mailFrom: TEST_MAIL_FROM,
        mailMaxAttempts: extra.maxAttempts ?? t.config.mailMaxAttempts,
      };
      const instance: OutboxWorker = createOutboxWorker({
        db: extra.db ?? t.db,
        config,
        log,
        ...(extra.clock ? { clock: extra.clock } : {}),
        ...(extra.batchSize ? { batchSize: extra.batchSize } : {}),
        ...(smtpUrl
          ? { transport: createSmtpTransport({ smtpUrl, mailFrom: TEST_MAIL_FROM, ratePerSecond: 1000, dkim: extra.dkim }) }
          : {}),
      });
      cleanup.push(() => instance.stop());
      return { worker: instance, log };
    },
  };
}
