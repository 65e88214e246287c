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
 * The WHERE of the list and the export. The search is written exactly as the trigram index's
 * expression (migration 0001), so PostgreSQL and PGlite both serve it from the index.
 */
export function filterCondition(f: FilterOptions): SQL | undefined {
  const conditions: SQL[] = [];
  if (f.eventId) conditions.push(eq(r.eventId, f.eventId));
  if (f.liked !== undefined) conditions.push(eq(r.liked, f.liked));
  if (f.attended !== undefined) conditions.push(eq(r.attended, f.attended));
  if (f.rating !== undefined) conditions.push(eq(r.rating, f.rating));
  if (f.q) {
    conditions.push(sql`lower(${r.fullName} || ' ' || ${r.email}) like '%' || lower(${escapeLike(f.q)}) || '%'`);
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

export interface CsvRow {
  fullName: string;
  age: number;
  dateOfBirth: string;
  location: string;
  email: string;
  phoneNumber: string;
  status: string;
  emailVerified: boolean;
  createdAt: Date;
  eventName: string;
  eventDate: string;
  eventLocation: string;
  height: number;
  eyeColor: string | null;
  bust: number | null;
  waist: number | null;
  hips: number | null;
  instagramHandle: string | null;
  internationalWork: boolean;
  registrationCode: string;
  timeslotStart: string;
  timeslotEnd: string;
  liked: boolean;
  attended: boolean;
  rating: number | null;
  /** created_at as PostgreSQL's text, exact to the microsecond: the keyset cursor. */
  cursor: string;
  id: string;
}

export function createRegistrationsRepository(db: DbOrTx) {
  return {
    async list(
      filters: FilterOptions,
      page: number,
      pageSize: number,
    ): Promise<{ items: ListedRegistration[]; total: number }> {
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
        items: rows.map((row) => ({ ...row.registration, event: row.event, timeslot: row.timeslot, campaignCount: row.campaignCount })),
        total: totalRow?.total ?? 0,
      };
    },

    async findById(id: string, tx: DbOrTx = db, options: { forUpdate?: boolean } = {}): Promise<ModelRegistrationRow | undefined> {
      const query = tx.select().from(r).where(eq(r.id, id));
      const [row] = options.forUpdate ? await query.for("update") : await query;
      return row;
    },

    async findWithEvent(id: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          registration: r,
          event: { ...eventColumns, description: scoutingEvents.description, confirmationDetails: scoutingEvents.confirmationDetails },
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

    /** One batch of the export, newest first, after the keyset cursor of the previous batch. */
    async csvBatch(filters: FilterOptions, after: { cursor: string; id: string } | undefined, limit: number): Promise<CsvRow[]> {
      const keyset = after ? sql`(${r.createdAt}, ${r.id}) < (${after.cursor}::timestamptz, ${after.id}::uuid)` : undefined;
      return db
        .select({
          fullName: r.fullName,
          age: r.age,
          dateOfBirth: r.dateOfBirth,
          location: r.location,
          email: r.email,
          phoneNumber: r.phoneNumber,
          status: r.status,
          emailVerified: r.emailVerified,
          createdAt: r.createdAt,
          eventName: scoutingEvents.eventName,
          eventDate: scoutingEvents.eventDate,
          eventLocation: scoutingEvents.location,
          height: r.height,
          eyeColor: r.eyeColor,
          bust: r.bust,
          waist: r.waist,
          hips: r.hips,
          instagramHandle: r.instagramHandle,
          internationalWork: r.internationalWork,
          registrationCode: r.registrationCode,
          timeslotStart: eventTimeslots.startTime,
          timeslotEnd: eventTimeslots.endTime,
          liked: r.liked,
          attended: r.attended,
          rating: r.rating,
          cursor: sql<string>`${r.createdAt}::text`,
          id: r.id,
        })
        .from(r)
        .innerJoin(scoutingEvents, eq(scoutingEvents.id, r.eventId))
        .innerJoin(eventTimeslots, eq(eventTimeslots.id, r.timeslotId))
        .where(and(filterCondition(filters), keyset))
        .orderBy(desc(r.createdAt), desc(r.id))
        .limit(limit);
    },
  };
}

export type RegistrationsRepository = ReturnType<typeof createRegistrationsRepository>;
