/** What a shared link's preview shows of an active event (share.routes.ts, public.pages.ts). */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { scoutingEvents } from "../../db/schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createShareRepository(db: Db) {
  return {
    /** An active event's name, date and place, with its last change (the image's cache key); undefined otherwise. */
    async findActiveEventCard(eventId: string) {
      if (!UUID.test(eventId)) return undefined;
      const [event] = await db
        .select({
          id: scoutingEvents.id,
          eventName: scoutingEvents.eventName,
          eventDate: scoutingEvents.eventDate,
          location: scoutingEvents.location,
          updatedAt: scoutingEvents.updatedAt,
        })
        .from(scoutingEvents)
        .where(and(eq(scoutingEvents.id, eventId), eq(scoutingEvents.status, "active")));
      return event;
    },
  };
}
