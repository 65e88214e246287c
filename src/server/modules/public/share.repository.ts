/** What a shared link's preview shows of an active event (share.routes.ts, public.pages.ts). */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { scoutingEvents } from "../../db/schema";
import { isPublicEvent } from "../events/events.visibility";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createShareRepository(db: Db) {
  return {
    /**
     * An active event's name, date, place and short address, with its last change (the image's cache
     * key), by its id or its slug; undefined otherwise.
     */
    async findActiveEventCard(eventId: string, by: "id" | "slug" = "id") {
      if (by === "id" && !UUID.test(eventId)) return undefined;
      const [event] = await db
        .select({
          id: scoutingEvents.id,
          slug: scoutingEvents.slug,
          eventName: scoutingEvents.eventName,
          eventDate: scoutingEvents.eventDate,
          location: scoutingEvents.location,
          updatedAt: scoutingEvents.updatedAt,
        })
        .from(scoutingEvents)
        .where(and(eq(by === "id" ? scoutingEvents.id : scoutingEvents.slug, eventId), isPublicEvent()));
      return event;
    },
  };
}
