/**
 * The day's walk-in cap under a rush (issue 35): many people at the door sending the poster's form
 * at the same moment, across the pool's connections on PostgreSQL: exactly the cap get in, each with
 * their own number, and the rest are told the day is full.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { modelRegistrations, queueEntries } from "../../db/schema";
import { useTestApp } from "../../test/harness";
import { postWalkIn, walkInBody, walkInEvent } from "./public.walk-in.test-support";

const t = useTestApp();
const CAP = 5;
const AT_ONCE = 24;

describe("walk-ins at the same moment", () => {
  it(`never pass the day's cap: ${CAP} of ${AT_ONCE} get in, with numbers 1 to ${CAP}`, async () => {
    const event = await walkInEvent(t.app, { walkInsDailyCap: CAP });
    const replies = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) => postWalkIn(t.app, event.id, walkInBody(t.app, event.id), `198.51.100.${i + 1}`)),
    );
    const statuses = replies.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(CAP);
    expect(replies.filter((res) => res.statusCode !== 201).map((res) => res.json().error.code)).toEqual(
      Array.from({ length: AT_ONCE - CAP }, () => "walk_ins_full"),
    );
    const numbers = replies.filter((res) => res.statusCode === 201).map((res) => res.json().queue.number as number);
    expect(numbers.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    const stored = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.eventId, event.id));
    expect(stored).toHaveLength(CAP);
    expect(stored.every((row) => row.walkIn && row.attended)).toBe(true);
    expect(await t.db.select().from(queueEntries).where(eq(queueEntries.eventId, event.id))).toHaveLength(CAP);
  });
});
