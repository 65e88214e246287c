/** Insights (issue 38): one statement per reply, aggregated by the database (insights.sql.ts). */
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/client";
import { BY_SOURCE_JSON, FUNNEL_JSON, localText, registrationsBase, TZ, withinDays } from "./insights.sql";

export type InsightsRepository = ReturnType<typeof createInsightsRepository>;

interface Window {
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * Runs one insights statement with PostgreSQL's JIT off: the statement's many aggregates cost
 * enough for the planner to compile it, which took longer than running it (bench/insights.bench.ts).
 * `jit` is a setting of every PostgreSQL, PGlite's included, so this is not database-specific.
 */
async function withoutJit<T>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return rowsOf<T>(await tx.execute(query));
  });
}

export function createInsightsRepository(db: Db) {
  return {
    /** An event's figures (the reply's shape but its envelope), or undefined when there is no such event. */
    async event(eventId: string, { from, to }: Window): Promise<Record<string, unknown> | undefined> {
      const query = sql`with ${registrationsBase(sql`r.event_id = ${eventId}${withinDays(sql`r.created_at`, from, to)}`)},
        span as (select case when max(created_at) - min(created_at) > interval '48 hours' then 'day' else 'hour' end as unit from base),
        buckets as (select date_trunc((select unit from span), created_at at time zone ${TZ}) as at, count(*) as n from base group by 1),
        arrivals as (
          select date_trunc('hour', local) + floor(extract(minute from local) / 15) * interval '15 minutes' as at, count(*) as n
          from (select attended_at at time zone ${TZ} as local from base where attended and attended_at is not null) a group by 1)
        select json_build_object(
          'exists', exists (select 1 from scouting_events where id = ${eventId}),
          'unit', (select unit from span),
          'capacity', (select coalesce(sum(capacity), 0) from event_timeslots where event_id = ${eventId}),
          'points', coalesce((select json_agg(json_build_object('at', ${localText(sql`at`)}, 'registrations', n, 'cumulative', cumulative) order by at)
            from (select at, n, sum(n) over (order by at) as cumulative from buckets) b), '[]'),
          'funnel', (select ${FUNNEL_JSON} from base),
          'bySource', ${BY_SOURCE_JSON},
          'slots', coalesce((select json_agg(json_build_object(
              'id', t.id, 'startTime', to_char(t.start_time, 'HH24:MI'), 'endTime', to_char(t.end_time, 'HH24:MI'),
              'capacity', t.capacity, 'registered', coalesce(b.registered, 0), 'came', coalesce(b.came, 0),
              'noShows', case when ((e.event_date + t.end_time) at time zone ${TZ}) <= now()
                then coalesce(b.registered, 0) - coalesce(b.came, 0) end) order by t.start_time, t.end_time)
            from event_timeslots t join scouting_events e on e.id = t.event_id
            left join (select timeslot_id, count(*) as registered, count(*) filter (where attended) as came from base group by timeslot_id) b
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
            from (select age, count(*) as n from base group by age) a), '[]'),
          'heights', coalesce((select json_agg(json_build_object('from', band, 'count', n) order by band)
            from (select floor(height / 5.0)::int * 5 as band, count(*) as n from base group by 1) h), '[]'),
          'arrivals', coalesce((select json_agg(json_build_object('at', ${localText(sql`at`)}, 'count', n) order by at) from arrivals), '[]')
        ) as insights`;
      const [row] = await withoutJit<{ insights: Record<string, unknown> & { exists: boolean } }>(db, query);
      return row?.insights.exists ? row.insights : undefined;
    },

    /** Each event dated within the window, with its funnel, and the sources across them. */
    async events({ from, to }: Window): Promise<Record<string, unknown>> {
      const dated = sql`${from ? sql` and e.event_date >= ${from}::date` : sql``}${to ? sql` and e.event_date <= ${to}::date` : sql``}`;
      const query = sql`with chosen as (select e.id, e.event_name, e.event_date, e.created_at from scouting_events e where true${dated}),
        ${registrationsBase(sql`r.event_id in (select id from chosen)`)}
        select json_build_object(
          'events', coalesce((select json_agg(json_build_object(
              'id', c.id, 'eventName', c.event_name, 'eventDate', to_char(c.event_date, 'YYYY-MM-DD'),
              'funnel', coalesce(f.funnel, (select ${FUNNEL_JSON} from base where false))) order by c.event_date, c.created_at)
            from chosen c left join (select event_id, ${FUNNEL_JSON} as funnel from base group by event_id) f on f.event_id = c.id), '[]'),
          'bySource', ${BY_SOURCE_JSON}
        ) as insights`;
      const [row] = await withoutJit<{ insights: Record<string, unknown> }>(db, query);
      return row!.insights;
    },
  };
}
