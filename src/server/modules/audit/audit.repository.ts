/**
 * The audit trail's queries (issue 18, ADR 016): appending a row (audit.record.ts says what a row
 * holds), and reading the trail: filtered, newest first, paginated. Its rows hold ids only; the
 * names are read here, at read time, from the rows they point to (issue 32): a staff member's, the
 * person's while their registration exists, the event's, the account acted on.
 */
import { auditActionsOf } from "@common/privacy/audit-actions";
import type { AuditQuery } from "@common/schemas/privacy";
import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, DbOrTx } from "../../db/client";
import { auditLog, modelRegistrations as r, scoutingEvents as e, users } from "../../db/schema";
import { escapeLike } from "../registrations/registrations.repository";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AGENCY_TIME_ZONE = sql.raw(`'America/Argentina/Buenos_Aires'`);

const actor = alias(users, "actor");
const target = alias(users, "target");

function filtersOf(query: AuditQuery): SQL | undefined {
  const conditions: SQL[] = [];
  // The actor by id, or by part of their name or e-mail.
  if (query.actor) {
    const part = `%${escapeLike(query.actor)}%`;
    conditions.push(or(eq(auditLog.actorId, query.actor), ilike(actor.email, part), ilike(actor.name, part))!);
  }
  if (query.kind) conditions.push(inArray(auditLog.action, auditActionsOf(query.kind)));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  // Dates are the agency's calendar days, "to" included.
  if (query.from) conditions.push(gte(auditLog.at, sql`(${query.from}::date)::timestamp at time zone ${AGENCY_TIME_ZONE}`));
  if (query.to) conditions.push(lt(auditLog.at, sql`(${query.to}::date + 1)::timestamp at time zone ${AGENCY_TIME_ZONE}`));
  if (query.target) {
    const targets = [eq(auditLog.userId, query.target)];
    if (UUID.test(query.target)) targets.push(eq(auditLog.registrationId, query.target), eq(auditLog.eventId, query.target));
    conditions.push(or(...targets)!);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export type NewAuditRow = typeof auditLog.$inferInsert;

/** Appends one row, in `tx` (the transaction of the action it records). */
export async function insertAuditRow(row: NewAuditRow, tx: DbOrTx): Promise<void> {
  await tx.insert(auditLog).values(row);
}

/**
 * Appends the row unless one with the same `dedupeKey` exists (a unique index: the table is
 * append-only, nothing is looked up and then changed). True when appended.
 */
export async function insertAuditRowOnce(row: Omit<NewAuditRow, "dedupeKey"> & { dedupeKey: SQL }, tx: DbOrTx): Promise<boolean> {
  const rows = await tx.insert(auditLog).values(row).onConflictDoNothing().returning({ id: auditLog.id });
  return rows.length > 0;
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;

export function createAuditRepository(db: Db) {
  return {
    append: (row: NewAuditRow, tx: DbOrTx = db) => insertAuditRow(row, tx),
    /** A page of the trail, with the names its ids point to. */
    list: (query: AuditQuery, tx: DbOrTx = db) => listAudit(query, tx),
  };
}

async function listAudit(query: AuditQuery, db: DbOrTx) {
  const where = filtersOf(query);
  const rows = await db
    .select({
      entry: auditLog,
      actorEmail: actor.email,
      actorName: actor.name,
      registrationName: r.fullName,
      registrationCode: r.registrationCode,
      eventName: e.eventName,
      userName: target.name,
      userEmail: target.email,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(r, eq(r.id, auditLog.registrationId))
    // A row names its event, or only the registration (a photo viewed): the registration's event then.
    .leftJoin(e, eq(e.id, sql`coalesce(${auditLog.eventId}, ${r.eventId})`))
    .leftJoin(target, eq(target.id, auditLog.userId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(auditLog).leftJoin(actor, eq(actor.id, auditLog.actorId)).where(where);
  return {
    items: rows.map(({ entry: { dedupeKey: _key, ...entry }, registrationName, ...names }) => ({
      ...entry,
      ...names,
      at: entry.at.toISOString(),
      registrationName,
      registrationGone: entry.registrationId !== null && registrationName === null,
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
