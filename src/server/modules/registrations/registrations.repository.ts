/**
 * Registrations as staff see them: the filtered, paginated list, one registration with its event's
 * slots, and the writes of review, edit and delete. Factories over db; every function accepts a
 * transaction instead.
 */
import type { RegistrationFilters } from "@common/schemas/registrations";
import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  emailCampaignRecipients,
  emailCampaigns,
  eventTimeslots,
  modelRegistrations as r,
  scoutingEvents,
  type ModelRegistrationRow,
} from "../../db/schema";

/** `q` as a LIKE pattern's literal part: %, _ and the escape character itself lose their meaning. */
export function escapeLike(q: string): string {
  return q.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

export interface FilterOptions extends RegistrationFilters {
  ids?: string[] | undefined;
}

/**
 * The WHERE of the list and the export. The search reads the stored `search_text` (lower-cased name
 * and e-mail, migration 0002), which the trigram index serves on PostgreSQL and PGlite alike.
 */
export function filterCondition(f: FilterOptions): SQL | undefined {
  const conditions: SQL[] = [];
  if (f.eventId) conditions.push(eq(r.eventId, f.eventId));
  if (f.liked !== undefined) conditions.push(eq(r.liked, f.liked));
  if (f.attended !== undefined) conditions.push(eq(r.attended, f.attended));
  if (f.rating !== undefined) conditions.push(eq(r.rating, f.rating));
  if (f.q) {
    conditions.push(sql`${r.searchText} like '%' || lower(${escapeLike(f.q)}) || '%'`);
  }
  if (f.ids) conditions.push(inArray(r.id, f.ids));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const campaignCount = sql<number>`(
  select count(*)::int from ${emailCampaignRecipients}
  join ${emailCampaigns} on ${emailCampaigns.id} = ${emailCampaignRecipients.campaignId}
  where ${emailCampaignRecipients.registrationId} = ${r.id} and ${emailCampaigns.eventId} = ${r.eventId}
)`.mapWith(Number);

const eventColumns = {
  id: scoutingEvents.id,
  eventName: scoutingEvents.eventName,
  eventDate: scoutingEvents.eventDate,
  location: scoutingEvents.location,
};
const timeslotColumns = { id: eventTimeslots.id, startTime: eventTimeslots.startTime, endTime: eventTimeslots.endTime };

export type ListedRegistration = ModelRegistrationRow & {
  event: { id: string; eventName: string; eventDate: string; location: string };
  timeslot: { id: string; startTime: string; endTime: string };
  campaignCount: number;
};

export function createRegistrationsRepository(db: DbOrTx) {
  return {
    async list(filters: FilterOptions, page: number, pageSize: number): Promise<{ items: ListedRegistration[]; total: number }> {
      const where = filterCondition(filters);
      const [rows, [totalRow]] = await Promise.all([
        db
          .select({ registration: r, event: eventColumns, timeslot: timeslotColumns, campaignCount })
          .from(r)
          .innerJoin(scoutingEvents, eq(scoutingEvents.id, r.eventId))
          .innerJoin(eventTimeslots, eq(eventTimeslots.id, r.timeslotId))
          .where(where)
          .orderBy(desc(r.createdAt), desc(r.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(r).where(where),
      ]);
      return {
        items: rows.map((row) => ({
          ...row.registration,
          event: row.event,
          timeslot: row.timeslot,
          campaignCount: row.campaignCount,
        })),
        total: totalRow?.total ?? 0,
      };
    },

    async findById(
      id: string,
      tx: DbOrTx = db,
      options: { forUpdate?: boolean } = {},
    ): Promise<ModelRegistrationRow | undefined> {
      const query = tx.select().from(r).where(eq(r.id, id));
      const [row] = options.forUpdate ? await query.for("update") : await query;
      return row;
    },

    async findWithEvent(id: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          registration: r,
          event: {
            ...eventColumns,
            description: scoutingEvents.description,
            confirmationDetails: scoutingEvents.confirmationDetails,
          },
          timeslot: timeslotColumns,
        })
        .from(r)
        .innerJoin(scoutingEvents, eq(scoutingEvents.id, r.eventId))
        .innerJoin(eventTimeslots, eq(eventTimeslots.id, r.timeslotId))
        .where(eq(r.id, id));
      return row;
    },

    async update(id: string, values: Partial<ModelRegistrationRow>, tx: DbOrTx = db): Promise<ModelRegistrationRow | undefined> {
      const [row] = await tx.update(r).set(values).where(eq(r.id, id)).returning();
      return row;
    },

    async delete(id: string, tx: DbOrTx = db): Promise<{ id: string } | undefined> {
      const [row] = await tx.delete(r).where(eq(r.id, id)).returning({ id: r.id });
      return row;
    },
  };
}

export type RegistrationsRepository = ReturnType<typeof createRegistrationsRepository>;
