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
    /** The first event any candidate names; never who registered or was written to. */
    async findEvent(c: Candidates): Promise<FoundEvent | undefined> {
      const [row] = rowsOf<FoundEvent>(
        await db.execute(sql`
          select e.event_name as "eventName", e.event_date::text as "eventDate", e.slug
          from scouting_events e
          where e.id = any(${sql.param(c.eventIds)}::uuid[]) or e.slug = any(${sql.param(c.slugs)}::text[])
          union all
          select e.event_name, e.event_date::text, e.slug
          from model_registrations r join scouting_events e on e.id = r.event_id
          where r.registration_code = any(${sql.param(c.registrationCodes)}::text[])
          union all
          select e.event_name, e.event_date::text, e.slug
          from email_campaign_recipients cr
          join email_campaigns c on c.id = cr.campaign_id
          join scouting_events e on e.id = c.event_id
          where cr.message_code = any(${sql.param(c.messageCodes)}::text[])
          limit 1`),
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
