/**
 * The human-friendly Event ID staff read and say aloud: `EV-<year of the event>-<NNNN>`, e.g.
 * EV-2026-0007. The number comes from the database sequence scouting_id_seq, so it is unique
 * across app processes without any coordination (the column is also unique).
 */
import { sql } from "drizzle-orm";
import { parseIsoDate } from "@common/dates";
import type { DbOrTx } from "../../db/client";
import { scoutingIdSequence } from "../../db/schema";

export function formatScoutingId(eventDate: string, sequenceValue: number): string {
  const date = parseIsoDate(eventDate);
  if (!date) throw new Error(`not a calendar date: ${eventDate}`);
  return `EV-${String(date.year).padStart(4, "0")}-${String(sequenceValue).padStart(4, "0")}`;
}

/** Takes the next number of the sequence (never reused, even if the transaction rolls back). */
export async function nextScoutingId(db: DbOrTx, eventDate: string): Promise<string> {
  const result = await db.execute<{ next: string | number }>(
    sql`select nextval(${scoutingIdSequence.seqName}::regclass) as next`,
  );
  // node-postgres answers { rows }, PGlite answers the same shape through Drizzle; accept both.
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: Array<{ next: string | number }> }).rows;
  const next = rows[0]?.next;
  if (next === undefined) throw new Error("nextval returned no row");
  return formatScoutingId(eventDate, Number(next));
}
