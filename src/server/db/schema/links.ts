/** Tracked links (issue 38): an event's named short addresses, `/e/<event slug>/<link slug>`. */
import { sql } from "drizzle-orm";
import { check, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { scoutingEvents } from "./events";

export const trackedLinks = pgTable(
  "tracked_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => scoutingEvents.id, { onDelete: "cascade" }),
    /** What staff call it ("Historia IG 12/3"). */
    name: text("name").notNull(),
    /** The address's last part, and what a registration through it stores as its `source`. */
    slug: text("slug").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("tracked_links_event_slug_unique").on(t.eventId, t.slug),
    // SLUG_PATTERN and SLUG_MAX_LENGTH of src/common/slugs.ts.
    check("tracked_links_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(${t.slug}) <= 60`),
  ],
);
