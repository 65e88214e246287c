/**
 * The lookups of /authentic (issue 39): the agency's event a link, a registration code or a message
 * code belongs to (one statement that always runs all three, found or not), the upcoming open calls
 * the page lists, and the admins a report goes to.
 */
import { sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../db/client";
import type { Candidates } from "./authentic.parse";

export interface FoundEvent {
  eventName: string;
  eventDate: string;
  slug: string;
}

export function createAuthenticRepository(db: DbOrTx) {
  return {
    /**
     * The first event any candidate names; never who registered or was written to. A callback
     * (issue 36) has no public page: its link is nobody's, and a code of its registrations or its
     * messages answers its open call.
     */
    async findEvent(c: Candidates): Promise<FoundEvent | undefined> {
      const [row] = rowsOf<FoundEvent>(
        await db.execute(sql`
          with named as (
            select e.id from scouting_events e
            where (e.id = any(${sql.param(c.eventIds)}::uuid[]) or e.slug = any(${sql.param(c.slugs)}::text[])) and e.kind = 'open'
            union all
            select r.event_id from model_registrations r
            where r.registration_code = any(${sql.param(c.registrationCodes)}::text[])
            union all
            select c.event_id from email_campaign_recipients cr
            join email_campaigns c on c.id = cr.campaign_id
            where cr.message_code = any(${sql.param(c.messageCodes)}::text[]) and c.event_id is not null
            limit 1
          )
          select o.event_name as "eventName", o.event_date::text as "eventDate", o.slug
          from named join scouting_events e on e.id = named.id
          join scouting_events o on o.id = coalesce(e.callback_of, e.id)`),
      );
      return row;
    },

    /** The active events from `today` on, soonest first: the page's open calls. */
    async upcomingEvents(today: string): Promise<FoundEvent[]> {
      return rowsOf<FoundEvent>(
        await db.execute(sql`
          select event_name as "eventName", event_date::text as "eventDate", slug
          from scouting_events
          where status = 'active' and kind = 'open' and event_date >= ${today}::date
          order by event_date, event_name
          limit 20`),
      );
    },

    /** Approved admins and superadmins, with the language of their e-mails. */
    async admins(): Promise<Array<{ email: string; language: string | null }>> {
      return rowsOf(
        await db.execute(sql`
          select email, language from users
          where role in ('admin', 'superadmin') and status = 'approved'
          order by email`),
      );
    },
  };
}
