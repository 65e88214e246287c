/**
 * Registrations as staff see them: the filtered, paginated list, one registration with its event's
 * slots, and the writes of review and edit (a deletion is privacy.erase.ts's `removeRegistration`).
 * Factories over db; every function accepts a transaction instead.
 */
import type { RegistrationStage } from "@common/constants";
import { todayIso } from "@common/dates";
import { registrationSearchTerms } from "@common/registration-search";
import { RELATED_RULES, type RelatedRule } from "@common/schemas/panel";
import type { RegistrationFilters } from "@common/schemas/registrations";
import { and, asc, count, desc, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import { runStatement, type Db, type DbOrTx } from "../../db/client";
import {
  emailCampaignRecipients,
  emailCampaigns,
  eventTimeslots,
  modelRegistrations as r,
  panelScores,
  registrationTags,
  scoutingEvents,
  tags,
  type ModelRegistrationRow,
} from "../../db/schema";

/** `q` as a LIKE pattern's literal part: %, _ and the escape character itself lose their meaning. */
export function escapeLike(q: string): string {
  return q.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

export interface FilterOptions extends RegistrationFilters {
  ids?: string[] | undefined;
  /** Who is asking: what 'not yet scored by me' and `panel.mine` read. */
  viewerId?: string | undefined;
  /** A caller without contacts.see (issue 33): `q` reads the name and the code, never the e-mail. */
  searchNamesOnly?: boolean | undefined;
}

/**
 * The search rule (@common/registration-search, the door's search too): the code exactly (its
 * unique index), or the text inside the stored `search_text` (lower-cased name and e-mail,
 * migration 0003), which the trigram index serves on PostgreSQL and PGlite alike.
 */
export function searchCondition(q: string, namesOnly = false): SQL {
  const { code, text } = registrationSearchTerms(q);
  const pattern = sql`'%' || lower(${escapeLike(text)}) || '%'`;
  const inText = namesOnly ? sql`lower(${r.fullName}) like ${pattern}` : sql`${r.searchText} like ${pattern}`;
  return code ? sql`(${r.registrationCode} = ${code} or ${inText})` : inText;
}

/** The WHERE of the list and the export. */
export function filterCondition(f: FilterOptions): SQL | undefined {
  const conditions: SQL[] = [];
  if (f.eventId) conditions.push(eq(r.eventId, f.eventId));
  if (f.liked !== undefined) conditions.push(eq(r.liked, f.liked));
  if (f.attended !== undefined) conditions.push(eq(r.attended, f.attended));
  if (f.noShow) {
    conditions.push(
      sql`not ${r.attended} and ${r.status} <> 'cancelled' and exists (select 1 from ${scoutingEvents} where ${scoutingEvents.id} = ${r.eventId} and ${scoutingEvents.eventDate} < ${todayIso()})`,
    );
  }
  if (f.rating !== undefined) conditions.push(eq(r.rating, f.rating));
  if (f.q) {
    conditions.push(searchCondition(f.q, f.searchNamesOnly));
  }
  if (f.ids) conditions.push(inArray(r.id, f.ids));
  if (f.stage) conditions.push(eq(r.stage, f.stage));
  if (f.guardianStatus) conditions.push(eq(r.guardianStatus, f.guardianStatus));
  if (f.hideUnconfirmed) conditions.push(sql`${r.emailVerified} and ${r.status} <> 'cancelled'`);
  if (f.panelMin !== undefined) conditions.push(gte(r.panelAverage, f.panelMin));
  if (f.tag) {
    conditions.push(
      sql`exists (select 1 from ${registrationTags} where ${registrationTags.registrationId} = ${r.id} and ${registrationTags.tagId} = ${f.tag})`,
    );
  }
  if (f.unscoredByMe) {
    // Without a viewer nobody has scored for them: every row is 'not yet scored'.
    if (f.viewerId) {
      // `not in` over the viewer's own scores (registration_id is never null): PostgreSQL hashes
      // them once and probes each row, where `not exists` looked each row up (bench at 100,000 rows: p50 48 → 42 ms).
      conditions.push(
        sql`${r.id} not in (select ${panelScores.registrationId} from ${panelScores} where ${panelScores.userId} = ${f.viewerId})`,
      );
    }
  }
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

const myScore = (viewerId: string | undefined) =>
  viewerId
    ? sql<
        number | null
      >`(select ${panelScores.score} from ${panelScores} where ${panelScores.registrationId} = ${r.id} and ${panelScores.userId} = ${viewerId})`
    : sql<number | null>`null::smallint`;

export interface RelatedRow {
  sourceId: string;
  id: string;
  eventId: string;
  eventName: string;
  eventDate: string;
  stage: RegistrationStage;
  fullName: string;
  email: string;
  createdAt: string;
  /** The rules that matched, in RELATED_RULES' order. */
  matchedBy: RelatedRule[];
}

/**
 * The same person's registrations in other events, for each of `ids`: the same e-mail (stored
 * lower-cased), the same phone (its last ten digits; at least six), or the same full name (trimmed,
 * spaces collapsed, lower-cased) with the same birth date. Each rule is one index lookup per
 * registration; at most `perRegistration` each, newest first.
 */
const RELATED = `
  select p.id as "sourceId", o.id, o.event_id as "eventId", e.event_name as "eventName",
    e.event_date::text as "eventDate", o.stage, o.full_name as "fullName", o.email,
    o.created_at as "createdAt",
    o.email = p.email as "byEmail",
    (o.phone_key = p.phone_key and length(p.phone_key) >= 6) as "byPhone",
    (o.name_key = p.name_key and o.date_of_birth = p.date_of_birth) as "byNameAndBirthDate"
  from model_registrations p
  cross join lateral (
    select m.* from (
      select x.id from model_registrations x where x.email = p.email and x.event_id <> p.event_id
      union
      select x.id from model_registrations x
        where x.phone_key = p.phone_key and length(p.phone_key) >= 6 and x.event_id <> p.event_id
      union
      select x.id from model_registrations x
        where x.name_key = p.name_key and x.date_of_birth = p.date_of_birth and x.event_id <> p.event_id
    ) matched
    join model_registrations m on m.id = matched.id
    order by m.created_at desc, m.id desc
    limit $2
  ) o
  join scouting_events e on e.id = o.event_id
  where p.id = any($1::uuid[])
  order by p.id, o.created_at desc, o.id desc`;

/**
 * The same person's registrations in other events, for each of `ids`: the same e-mail (stored
 * lower-cased), the same phone (its last ten digits; at least six), or the same full name (trimmed,
 * spaces collapsed, lower-cased) with the same birth date. Each rule is one index lookup per
 * registration; at most `perRegistration` each, newest first. A prepared statement: its plan
 * costs more than its run.
 */
export async function findRelated(db: Db, ids: string[], perRegistration: number): Promise<RelatedRow[]> {
  if (ids.length === 0) return [];
  type Row = Omit<RelatedRow, "createdAt" | "matchedBy"> & {
    createdAt: string | Date;
    byEmail: boolean;
    byPhone: boolean;
    byNameAndBirthDate: boolean;
  };
  const rows = await runStatement<Row>(db, RELATED, [ids, perRegistration]);
  return rows.map(({ byEmail, byPhone, byNameAndBirthDate, ...row }) => ({
    ...row,
    createdAt: new Date(row.createdAt).toISOString(),
    matchedBy: RELATED_RULES.filter((rule) => ({ email: byEmail, phone: byPhone, nameAndBirthDate: byNameAndBirthDate })[rule]),
  }));
}

export type ListedRegistration = ModelRegistrationRow & {
  event: { id: string; eventName: string; eventDate: string; location: string };
  timeslot: { id: string; startTime: string; endTime: string };
  campaignCount: number;
  myScore: number | null;
  tags: Array<{ id: string; name: string }>;
  related: RelatedRow[];
};

/** At most this many other registrations named on a row. */
const RELATED_PER_ROW = 5;

/** A page of the list, in its order, with the total of the filters' matches. */
async function listPage(
  db: DbOrTx,
  filters: FilterOptions,
  page: number,
  pageSize: number,
  sort: "recent" | "panel",
): Promise<{ items: ListedRegistration[]; total: number }> {
  const where = filterCondition(filters);
  const order =
    sort === "panel" ? [sql`${r.panelAverage} desc nulls last`, desc(r.createdAt), desc(r.id)] : [desc(r.createdAt), desc(r.id)];
  const pageRows = db
    .select({
      registration: r,
      event: eventColumns,
      timeslot: timeslotColumns,
      campaignCount,
      myScore: myScore(filters.viewerId),
    })
    .from(r)
    .innerJoin(scoutingEvents, eq(scoutingEvents.id, r.eventId))
    .innerJoin(eventTimeslots, eq(eventTimeslots.id, r.timeslotId))
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  // The page's tags and related registrations are read while the count runs. The list is never
  // read inside a transaction: `db` is the pool (or PGlite) itself.
  const withExtras = pageRows.then(async (rows) => {
    const ids = rows.map((row) => row.registration.id);
    const [tagRows, relatedRows] = await Promise.all([tagsOf(db, ids), findRelated(db as Db, ids, RELATED_PER_ROW)]);
    return { rows, tagRows, relatedRows };
  });
  const [{ rows, tagRows, relatedRows }, [totalRow]] = await Promise.all([
    withExtras,
    db.select({ total: count() }).from(r).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      ...row.registration,
      event: row.event,
      timeslot: row.timeslot,
      campaignCount: row.campaignCount,
      myScore: row.myScore === null ? null : Number(row.myScore),
      tags: tagRows.filter((tag) => tag.registrationId === row.registration.id).map(({ id, name }) => ({ id, name })),
      related: relatedRows.filter((related) => related.sourceId === row.registration.id),
    })),
    total: totalRow?.total ?? 0,
  };
}

export function createRegistrationsRepository(db: DbOrTx) {
  return {
    list: (filters: FilterOptions, page: number, pageSize: number, sort: "recent" | "panel" = "recent") =>
      listPage(db, filters, page, pageSize, sort),

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
  };
}

/** The tags of these registrations, by name. */
async function tagsOf(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ registrationId: registrationTags.registrationId, id: tags.id, name: tags.name })
    .from(registrationTags)
    .innerJoin(tags, eq(tags.id, registrationTags.tagId))
    .where(inArray(registrationTags.registrationId, ids))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
}

export type RegistrationsRepository = ReturnType<typeof createRegistrationsRepository>;
