/**
 * The audit trail (issue 18, ADR 016): every staff access to personal data, one row, written with
 * the transaction of the action it records (so an action that rolls back leaves no row, and one that
 * commits always has its row). The table is append-only (a trigger, migration 0011). Rows hold ids
 * and non-personal details only: they outlive an erasure.
 *
 *   await recordAudit(tx, { ...auditContext(request), action: "registration.check_in", registrationId });
 */
import type { AuditAction } from "@common/privacy/audit-actions";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { DbOrTx } from "../../db/client";
import { insertAuditRow, insertAuditRowOnce } from "./audit.repository";

export { AUDIT_ACTIONS, type AuditAction } from "@common/privacy/audit-actions";

/** Who acts, and from where: a staff user, or null for the system (retention) or the person themself. */
export interface AuditContext {
  /** `token`, `pass`: the name of the API token (issue 37) or door pass (issue 35) the actor acted through. */
  actor: { id: string; role: string; token?: string | undefined; pass?: string | undefined } | null;
  ip: string | null;
}

export interface AuditEntry extends AuditContext {
  action: AuditAction;
  registrationId?: string | null;
  userId?: string | null;
  eventId?: string | null;
  /** Non-personal details only (ids, counts, field names, filters): never a name, e-mail or phone. */
  details?: Record<string, unknown>;
  /** When it happened; the database's clock when omitted (tests pass their clock). */
  at?: Date;
}

/** The acting user and the client's address (X-Forwarded-For only from a trusted proxy) of a request. */
export function auditContext(request: FastifyRequest): AuditContext {
  const user = request.user;
  return {
    actor: user
      ? {
          id: user.id,
          role: user.role,
          ...(user.pass ? { pass: user.pass.name } : user.token ? { token: user.token.name } : {}),
        }
      : null,
    ip: request.ip ?? null,
  };
}

/** Records `entry` when the caller audits (a service called with an audit context), else nothing. */
export async function recordAuditOf(
  tx: DbOrTx,
  audit: AuditContext | undefined,
  entry: Omit<AuditEntry, keyof AuditContext>,
): Promise<void> {
  if (audit) await recordAudit(tx, { ...audit, ...entry });
}

/** The system itself (retention) as the actor. */
export const SYSTEM_AUDIT: AuditContext = { actor: null, ip: null };

/** A person acting on their own data (their erasure): no actor, and their address is not kept. */
export const PERSON_AUDIT: AuditContext = { actor: null, ip: null };

const rowOf = (entry: AuditEntry) => ({
  actorId: entry.actor?.id ?? null,
  actorRole: entry.actor?.role ?? null,
  actorToken: entry.actor?.token ?? null,
  actorPass: entry.actor?.pass ?? null,
  action: entry.action,
  registrationId: entry.registrationId ?? null,
  userId: entry.userId ?? null,
  eventId: entry.eventId ?? null,
  ip: entry.ip,
  details: entry.details ?? {},
  ...(entry.at ? { at: entry.at } : {}),
});

/** Appends one row to the audit trail, in `tx` (the action's transaction). */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await insertAuditRow(rowOf(entry), tx);
}

/**
 * Appends `entry` unless its actor's same action on the same registration is already recorded in
 * the same hour (of the row's time, the database's clock; the agency's hours are whole hours from
 * UTC's). The table is append-only, so nothing is looked up and then changed: the row carries its
 * key (action, actor, registration, hour) under a unique index, and a second insert, at the same
 * moment from any process or later in the hour, meets it and does nothing. True when recorded.
 */
export async function recordAuditOncePerHour(
  tx: DbOrTx,
  entry: AuditEntry & { actor: NonNullable<AuditContext["actor"]>; registrationId: string },
): Promise<boolean> {
  return recordAuditOncePerHourAs(tx, entry, `${entry.actor.id}:${entry.registrationId}`);
}

/**
 * The same, keyed by `who` (whoever acts and on what, when it is not a staff member on a
 * registration: a client's link and a photo, issue 36) with the action and the hour.
 */
export async function recordAuditOncePerHourAs(tx: DbOrTx, entry: AuditEntry, who: string): Promise<boolean> {
  const at = entry.at ? sql`${entry.at.toISOString()}::timestamptz` : sql`now()`;
  const hour = sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`;
  const dedupeKey = sql`${`${entry.action}:${who}:`} || ${hour}`;
  return insertAuditRowOnce({ ...rowOf(entry), dedupeKey }, tx);
}
