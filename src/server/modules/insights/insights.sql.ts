/**
 * The insights' SQL (issue 38): each reply is one statement, every figure aggregated by the database
 * over one pass of the registrations (the `base` CTEs, materialised once), so a 100,000-row event
 * answers without shipping its rows to Node (bench/insights.bench.ts).
 */
import { AGENCY_TIME_ZONE } from "@common/dates-language";
import { sql, type SQL } from "drizzle-orm";

/** The agency's time zone (docs/product.md): hours and days are Buenos Aires'. */
export const TZ = sql.raw(`'${AGENCY_TIME_ZONE}'`);

/** A stage's place in the funnel: shortlisted 1, callback 2, signed 3 (new and discarded 0). */
const rank = (column: SQL) =>
  sql`case ${column} when 'shortlisted' then 1 when 'callback' then 2 when 'signed' then 3 else 0 end`;

/** `from`/`to` (YYYY-MM-DD, Buenos Aires) as bounds on a timestamp column, both days included. */
export function withinDays(column: SQL, from: string | undefined, to: string | undefined): SQL {
  return sql`${from ? sql` and ${column} >= (${from}::date::timestamp at time zone ${TZ})` : sql``}${
    to ? sql` and ${column} < ((${to}::date + 1)::timestamp at time zone ${TZ})` : sql``
  }`;
}

/**
 * `base`: the registrations counted (not cancelled; `where` on alias r), each with the furthest
 * funnel stage it reached: its stage now, or one it was moved to before (a shortlisted person
 * discarded since was shortlisted). Two CTEs to put after `with`.
 */
export function registrationsBase(where: SQL): SQL {
  return sql`counted as materialized (
      select r.id, r.event_id, r.source, r.email_verified, r.attended, r.attended_at, r.created_at, r.age,
        r.height, r.timeslot_id, ${rank(sql`r.stage`)} as stage_rank
      from model_registrations r
      where r.status <> 'cancelled' and ${where}),
    base as materialized (
      select counted.*, greatest(counted.stage_rank, coalesce(moved.reached, 0)) as reached
      from counted left join (
        select c.registration_id, max(${rank(sql`c.to_stage`)}) as reached
        from registration_stage_changes c join counted k on k.id = c.registration_id
        group by c.registration_id
      ) moved on moved.registration_id = counted.id)`;
}

/** The funnel's counts over `base`'s rows, as a JSON object. */
export const FUNNEL_JSON = sql`json_build_object(
  'registered', count(*),
  'emailConfirmed', count(*) filter (where email_verified),
  'came', count(*) filter (where attended),
  'shortlisted', count(*) filter (where reached >= 1),
  'callback', count(*) filter (where reached >= 2),
  'signed', count(*) filter (where reached >= 3))`;

/** Per source, most registrations first (then by name, none last), as a JSON array. */
export const BY_SOURCE_JSON = sql`coalesce((select json_agg(s.row order by s.registered desc, s.source nulls last)
  from (select source, count(*) as registered, (${FUNNEL_JSON})::jsonb || jsonb_build_object('source', source) as row
        from base group by source) s), '[]')`;

/** A local timestamp written `YYYY-MM-DDTHH:MM`. */
export const localText = (value: SQL) => sql`to_char(${value}, 'YYYY-MM-DD"T"HH24:MI')`;
