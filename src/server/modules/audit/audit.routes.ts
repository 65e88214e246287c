/** GET /api/audit: the audit trail, filtered and paginated, for the superadmin alone (issue 18). */
import { auditQuerySchema, auditResponse, type AuditQuery } from "@common/schemas/privacy";
import { and, count, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import type { AppContext, ZodApp } from "../../context";
import type { Db } from "../../db/client";
import { auditLog, users } from "../../db/schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function filtersOf(query: AuditQuery): SQL | undefined {
  const conditions: SQL[] = [];
  // The actor by id or by (part of) their e-mail.
  if (query.actor)
    conditions.push(
      or(eq(auditLog.actorId, query.actor), sql`${users.email} ilike ${`%${query.actor.replace(/[\\%_]/g, "\\$&")}%`}`)!,
    );
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  // Dates are the agency's calendar days (America/Argentina/Buenos_Aires), "to" included.
  if (query.from)
    conditions.push(gte(auditLog.at, sql`(${query.from}::date)::timestamp at time zone 'America/Argentina/Buenos_Aires'`));
  if (query.to)
    conditions.push(lt(auditLog.at, sql`(${query.to}::date + 1)::timestamp at time zone 'America/Argentina/Buenos_Aires'`));
  if (query.target) {
    const target = [eq(auditLog.userId, query.target)];
    if (UUID.test(query.target)) target.push(eq(auditLog.registrationId, query.target), eq(auditLog.eventId, query.target));
    conditions.push(or(...target)!);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function listAudit(db: Db, query: AuditQuery) {
  const where = filtersOf(query);
  const rows = await db
    .select({ entry: auditLog, actorEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId)).where(where);
  return {
    items: rows.map(({ entry, actorEmail }) => ({ ...entry, at: entry.at.toISOString(), actorEmail })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function auditRoutes(app: ZodApp, { db }: AppContext): Promise<void> {
  app.get(
    "/api/audit",
    {
      config: { access: "superadmin" },
      schema: {
        tags: ["audit"],
        summary: "The audit trail: who did what to whose data, newest first",
        querystring: auditQuerySchema,
        response: { 200: auditResponse },
      },
    },
    async (request) => listAudit(db, request.query),
  );
}
