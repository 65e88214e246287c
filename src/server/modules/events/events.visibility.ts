/**
 * Which events the public side shows (its pages, registration, waiting list, short address, share
 * card, photo uploads, /authentic's open calls): active open calls. A callback (issue 36) is never
 * public, whatever its status: its people come by invitation, and every public route answers as if
 * it did not exist.
 */
import { and, eq } from "drizzle-orm";
import { scoutingEvents } from "../../db/schema";

export const isPublicEvent = () => and(eq(scoutingEvents.status, "active"), eq(scoutingEvents.kind, "open"));

/** The same condition for a hand-written statement, over the events table as `alias`. */
export const publicEventSql = (alias: string) => `${alias}.status = 'active' and ${alias}.kind = 'open'`;
