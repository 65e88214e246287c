/**
 * The insights' SQL (issue 38): each reply is one statement that reads an event's registrations
 * once. That pass groups them into a few hundred rows, one per combination of what the figures
 * split by (the `figures` CTE, with grouping sets), and every figure is summed from those rows, so a
 * 100,000-row event answers without shipping its rows to Node or rescanning them per chart
 * (bench/insights.bench.ts, docs/decisions/022-insights-charts.md).
 */
import { AGENCY_TIME_ZONE } from "@common/dates-language";
import { sql, type SQL } from "drizzle-orm";

/** The agency's time zone (docs/product.md): hours and days are Buenos Aires'. */
export const TZ = sql.raw(`'${AGENCY_TIME_ZONE}'`);

/** `from`/`to` (YYYY-MM-DD, Buenos Aires) as bounds on a timestamp column, both days included. */
export function withinDays(column: SQL, from: string | undefined, to: string | undefined): SQL {
  return sql`${from ? sql` and ${column} >= (${from}::date::timestamp at time zone ${TZ})` : sql``}${
    to ? sql` and ${column} < ((${to}::date + 1)::timestamp at time zone ${TZ})` : sql``
  }`;
}

/** The registrations counted: not cancelled, and `where` (on alias r). */
const counted = (where: SQL) => sql`from model_registrations r where r.status <> 'cancelled' and ${where}`;

/** What the funnel splits by: a group per event, source, slot, e-mail confirmed, came and furthest stage. */
const FUNNEL_KEYS = sql`event_id, source, timeslot_id, email_verified, attended, funnel_reached`;

/**
 * `figures`: the registrations matching `where`, grouped once by each set of keys the event's page
 * needs (the funnel's keys; age and height band; hour registered; quarter hour arrived), each row
 * flagged with its set. Cheap sets share the pass: the keys are few per row and the rows few per set.
 */
export function eventFigures(where: SQL): SQL {
  return sql`figures as materialized (
      select ${FUNNEL_KEYS}, age, band, hour, arrival, count(*) as n,
        grouping(source) = 0 as by_funnel, grouping(age) = 0 as by_body, grouping(hour) = 0 as by_hour, grouping(arrival) = 0 as by_arrival
      from (
        select ${FUNNEL_KEYS}, age, height / 5 * 5 as band,
          date_trunc('hour', created_at at time zone ${TZ}) as hour,
          case when attended then date_trunc('hour', attended_at at time zone ${TZ})
            + floor(extract(minute from attended_at at time zone ${TZ}) / 15) * interval '15 minutes' end as arrival
        ${counted(where)}) r
      group by grouping sets ((${FUNNEL_KEYS}), (age, band), (hour), (arrival))),
    funnel as (select * from figures where by_funnel)`;
}

/** `funnel` alone, for the events side by side: the registrations matching `where` by the funnel's keys. */
export function funnelOnly(where: SQL): SQL {
  return sql`funnel as materialized (select ${FUNNEL_KEYS}, count(*) as n ${counted(where)} group by ${FUNNEL_KEYS})`;
}

/** The funnel's counts summed over `funnel` rows, as a JSON object (zeros when there are none). */
export const FUNNEL_JSON = sql`json_build_object(
  'registered', coalesce(sum(n), 0),
  'emailConfirmed', coalesce(sum(n) filter (where email_verified), 0),
  'came', coalesce(sum(n) filter (where attended), 0),
  'shortlisted', coalesce(sum(n) filter (where funnel_reached >= 1), 0),
  'callback', coalesce(sum(n) filter (where funnel_reached >= 2), 0),
  'signed', coalesce(sum(n) filter (where funnel_reached >= 3), 0))`;

/** Per source, most registrations first (then by name, none last), as a JSON array. */
export const BY_SOURCE_JSON = sql`coalesce((select json_agg(s.row order by s.registered desc, s.source nulls last)
  from (select source, sum(n) as registered, (${FUNNEL_JSON})::jsonb || jsonb_build_object('source', source) as row
        from funnel group by source) s), '[]')`;

/** A local timestamp written `YYYY-MM-DDTHH:MM`. */
export const localText = (value: SQL) => sql`to_char(${value}, 'YYYY-MM-DD"T"HH24:MI')`;
