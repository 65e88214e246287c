/**
 * The pipelined connections (postgres.ts, ADR 010) carry the public registration's statement alone: a
 * statement on a lane waits for every statement sent before it on that lane, so a slow staff
 * statement there would hold the visitors' registrations behind it. Staff statements (session
 * lookups, check-ins, related registrations, shared counters) run on the pool, or the staff's
 * indexed reads on lanes of their own: a 2-second one never holds a registration. PostgreSQL only
 * (PGlite has one connection and no lanes).
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createEvent, registrationBody } from "../test/factories";
import { useTestApp } from "../test/harness";
import { testDbKind } from "../test/database";
import { rowsOf, runPipelined, runStatement } from "./client";

const SLOW_SECONDS = 2;
const REGISTRATIONS = 10;

describe.skipIf(testDbKind() !== "pg")("a slow staff statement and the visitors' registrations", () => {
  const t = useTestApp({ publicRegistrationRateLimit: 1000 });

  /** Resolves once the server runs the slow statement (so that it was sent before the registrations). */
  async function running(marker: string) {
    for (;;) {
      const rows = rowsOf(
        await t.db.execute(sql`select 1 from pg_stat_activity
          where state = 'active' and query like ${`%${marker}%`} and query not like '%pg_stat_activity%'`),
      );
      if (rows.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  // The two ways a staff statement runs: the pool, and the staff's own pipelined connection.
  it.each([
    ["on the pool", (text: string, values: unknown[]) => runStatement(t.db, text, values)],
    ["on the staff's pipelined connection", (text: string, values: unknown[]) => runPipelined(t.db, text, values, "staff")],
  ])(
    `registrations sent while a ${SLOW_SECONDS}-second staff statement runs %s are all answered before it ends`,
    async (_, run) => {
      const event = await createEvent(t.db, { timeslots: [{ capacity: 100 }] });
      const register = (i: number) =>
        t.app.inject({
          method: "POST",
          url: `/api/public/events/${event.id}/registrations`,
          payload: registrationBody(event.timeslots[0]!.id, { email: `lane-${i}@example.com` }),
        });
      // Every connection the registrations use already open (the lanes, the pool's), as in a rush.
      expect((await Promise.all([register(-1), register(-2)])).map((r) => r.statusCode)).toEqual([201, 201]);

      // A staff statement (session.lookup.ts, check-ins.repository.ts, …), made slow.
      const marker = `slow_staff_statement_${performance.now().toFixed(0)}`;
      let slowEndedAt = 0;
      const slow = run(`select pg_sleep($1::float8) as ${marker}`, [SLOW_SECONDS]).then(() => {
        slowEndedAt = performance.now();
      });
      await running(marker);

      const answeredAt: number[] = [];
      const answers = await Promise.all(
        Array.from({ length: REGISTRATIONS }, (_, i) =>
          register(i).then((response) => {
            answeredAt.push(performance.now());
            return response.statusCode;
          }),
        ),
      );
      expect(answers).toEqual(Array.from({ length: REGISTRATIONS }, () => 201));
      // Not one registration waited for the slow statement: each was answered while it still ran.
      expect(slowEndedAt).toBe(0);
      await slow;
      expect(Math.max(...answeredAt)).toBeLessThan(slowEndedAt);
    },
  );
});
