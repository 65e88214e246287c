/** Insights (issue 38): one statement per reply, aggregated by the database (insights.sql.ts). */
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/client";
import { BY_SOURCE_JSON, eventFigures, FUNNEL_JSON, funnelOnly, localText, TZ, withinDays } from "./insights.sql";

export type InsightsRepository = ReturnType<typeof createInsightsRepository>;

interface Window {
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * Runs one insights statement with PostgreSQL's JIT and parallel workers off (both are settings of
 * every PostgreSQL, PGlite's included). The statement's many aggregates cost enough for the planner
 * to compile it, which took longer than running it; and its one pass over a 100,000-row event in
 * parallel workers left the median as it was but raised the p95 from 240 to 290–315 ms on a two-core
 * machine, where the workers compete with the server itself (bench/insights.bench.ts).
 */
async function aggregated<T>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return rowsOf<T>(await tx.execute(query));
  });
}

export function createInsightsRepository(db: Db) {
  return {
    /** An event's figures (the reply's shape but its envelope), or undefined when there is no such event. */
    async event(eventId: string, { from, to }: Window): Promise<Record<string, unknown> | undefined> {
      const query = sql`with ${eventFigures(sql`r.event_id = ${eventId}${withinDays(sql`r.created_at`, from, to)}`)},
        span as (select case when max(hour) - min(hour) > interval '48 hours' then 'day' else 'hour' end as unit from figures where by_hour),
        buckets as (select date_trunc((select unit from span), hour) as at, sum(n) as n from figures where by_hour group by 1)
        select json_build_object(
          'exists', exists (select 1 from scouting_events where id = ${eventId}),
          'unit', (select unit from span),
          'capacity', (select coalesce(sum(capacity), 0) from event_timeslots where event_id = ${eventId}),
          'points', coalesce((select json_agg(json_build_object('at', ${localText(sql`at`)}, 'registrations', n, 'cumulative', cumulative) order by at)
            from (select at, n, sum(n) over (order by at) as cumulative from buckets) b), '[]'),
          'funnel', (select ${FUNNEL_JSON} from funnel),
          'bySource', ${BY_SOURCE_JSON},
          'slots', coalesce((select json_agg(json_build_object(
              'id', t.id, 'startTime', to_char(t.start_time, 'HH24:MI'), 'endTime', to_char(t.end_time, 'HH24:MI'),
              'capacity', t.capacity, 'registered', coalesce(b.registered, 0), 'came', coalesce(b.came, 0),
              'noShows', case when ((e.event_date + t.end_time) at time zone ${TZ}) <= now()
                then coalesce(b.registered, 0) - coalesce(b.came, 0) end) order by t.start_time, t.end_time)
            from event_timeslots t join scouting_events e on e.id = t.event_id
            left join (select timeslot_id, sum(n) as registered, coalesce(sum(n) filter (where attended), 0) as came from funnel group by timeslot_id) b
              on b.timeslot_id = t.id
            where t.event_id = ${eventId}), '[]'),
          'waitlist', (select json_build_object(
              'waiting', count(*) filter (where status = 'waiting'),
              'offered', count(*) filter (where offered_at is not null),
              'accepted', count(*) filter (where status = 'accepted'),
              'letGo', count(*) filter (where status in ('declined', 'expired')),
              'removed', count(*) filter (where status = 'removed'))
            from waitlist_entries w where w.event_id = ${eventId}${withinDays(sql`w.created_at`, from, to)}),
          'ages', coalesce((select json_agg(json_build_object('age', age, 'count', n) order by age)
            from (select age, sum(n) as n from figures where by_body group by age) a), '[]'),
          'heights', coalesce((select json_agg(json_build_object('from', band, 'count', n) order by band)
            from (select band, sum(n) as n from figures where by_body group by band) h), '[]'),
          'arrivals', coalesce((select json_agg(json_build_object('at', ${localText(sql`arrival`)}, 'count', n) order by arrival)
            from figures where by_arrival and arrival is not null), '[]')
        ) as insights`;
      const [row] = await aggregated<{ insights: Record<string, unknown> & { exists: boolean } }>(db, query);
      return row?.insights.exists ? row.insights : undefined;
    },

    /** Each event dated within the window, with its funnel, and the sources across them. */
    async events({ from, to }: Window): Promise<Record<string, unknown>> {
      const dated = sql`${from ? sql` and e.event_date >= ${from}::date` : sql``}${to ? sql` and e.event_date <= ${to}::date` : sql``}`;
      const query = sql`with chosen as (select e.id, e.event_name, e.event_date, e.created_at from scouting_events e where true${dated}),
        ${funnelOnly(sql`r.event_id in (select id from chosen)`)}
        select json_build_object(
          'events', coalesce((select json_agg(json_build_object(
              'id', c.id, 'eventName', c.event_name, 'eventDate', to_char(c.event_date, 'YYYY-MM-DD'),
              'funnel', (select ${FUNNEL_JSON} from funnel f where f.event_id = c.id)) order by c.event_date, c.created_at)
            from chosen c), '[]'),
          'bySource', ${BY_SOURCE_JSON}
        ) as insights`;
      const [row] = await aggregated<{ insights: Record<string, unknown> }>(db, query);
      return row!.insights;
    },
  };
}
