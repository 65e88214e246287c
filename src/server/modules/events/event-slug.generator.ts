/**
 * A new event's short address (`/e/<slug>`, issue 32): the slug of its name, or when another event
 * has it, the first free of `<slug>-2`, `<slug>-3`… (src/common/slugs.ts). The column is unique: two
 * events created at once with the same name may pick the same one, and the second insert then fails
 * with SLUG_CONSTRAINT (events.service.ts tries again).
 */
import { inArray } from "drizzle-orm";
import { slugCandidate, slugify } from "@common/slugs";
import { pgConstraint, pgErrorCode, PG_UNIQUE_VIOLATION, type DbOrTx } from "../../db/client";
import { scoutingEvents } from "../../db/schema";

export const SLUG_CONSTRAINT = "scouting_events_slug_unique";

/** Candidates looked up per query: a name used dozens of times still takes a few reads. */
const BATCH = 20;

export function isSlugTaken(error: unknown): boolean {
  return pgErrorCode(error) === PG_UNIQUE_VIOLATION && pgConstraint(error) === SLUG_CONSTRAINT;
}

export async function freeSlugFor(db: DbOrTx, eventName: string): Promise<string> {
  const base = slugify(eventName);
  for (let first = 1; ; first += BATCH) {
    const candidates = Array.from({ length: BATCH }, (_, i) => slugCandidate(base, first + i));
    const rows = await db
      .select({ slug: scoutingEvents.slug })
      .from(scoutingEvents)
      .where(inArray(scoutingEvents.slug, candidates));
    const taken = new Set(rows.map((row) => row.slug));
    const free = candidates.find((candidate) => !taken.has(candidate));
    if (free) return free;
  }
}
