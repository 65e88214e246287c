/**
 * Test helpers for the outbox: a logger that keeps what it was told, a clock the test moves, and
 * a quick way to enqueue messages.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { outboxMessages, type OutboxMessageRow } from "../db/schema";
import type { WorkerLogger } from "../jobs/outbox-worker";
import { renderLayout } from "../mail/layout";
import { enqueueEmail, type OutgoingEmail } from "../mail/outbox";

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
    kind: "test_message",
    to: `modelo-${Math.random().toString(16).slice(2, 10)}@example.com`,
    ...renderLayout({
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
