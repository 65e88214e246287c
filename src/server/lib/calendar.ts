/**
 * The calendar invite of a registration (issue 19): one VEVENT whose UID is the registration's
 * (`<id>@<PUBLIC_URL's host>`), so a calendar keeps one entry per registration; its SEQUENCE is the
 * registration's ics_sequence (raised by every change of its time and by its cancellation), so a
 * later invite replaces the earlier one; METHOD:CANCEL with STATUS:CANCELLED removes it. ORGANIZER
 * (MAIL_FROM's address) and ATTENDEE (the registrant) are what RFC 5546 (iTIP) clients match an
 * update or a cancellation against; the attendee is ACCEPTED with RSVP=FALSE, since the
 * registration is the answer, and no reply is asked of a no-reply sender.
 *
 * Times are UTC instants (DTSTART:20310510T130000Z), not TZID=America/Argentina/Buenos_Aires. The
 * event's wall-clock date and time are converted here with the time-zone database (zonedInstant);
 * every client then shows the right moment in its own zone, and nothing more is needed. A TZID would
 * oblige the invite to carry a VTIMEZONE describing the zone's rules (RFC 5545 §3.6.5), a second copy
 * of the time-zone database to keep right, which clients handle unevenly (several ignore it for an
 * Olson name and use their own). The trade-off: should Argentina change its offset after an invite
 * went out, that invite keeps the old instant until the next one (any change of the slot sends one).
 */
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { sql, type SQL } from "drizzle-orm";
import { PRODUCT_NAME } from "@common/constants";

export const EVENT_TIME_ZONE = "America/Argentina/Buenos_Aires";

/** A slot's start instant, computed by PostgreSQL from the event's date and the slot's wall-clock time. */
export const slotStartSql = (eventDate: SQL, startTime: SQL) =>
  sql`((${eventDate} + ${startTime}) at time zone ${EVENT_TIME_ZONE})`;

/** The UTC instant of a wall-clock date and time (`YYYY-MM-DD`, `HH:MM[:SS]`) in `timeZone`. */
export function zonedInstant(date: string, time: string, timeZone = EVENT_TIME_ZONE): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offset at that moment (two passes settle a change of offset on that day).
  let instant = asUtc;
  for (let pass = 0; pass < 2; pass++) instant = asUtc - offsetMs(instant, timeZone);
  return new Date(instant);
}

function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return wall - Math.floor(instant / 1000) * 1000;
}

export interface InviteInput {
  registrationId: string;
  sequence: number;
  /** MAIL_FROM (`Name <address>` or a bare address): the invite's ORGANIZER. */
  organizer: string;
  /** The registrant: the invite's ATTENDEE. */
  attendee: { email: string; name: string };
  event: { eventName: string; eventDate: string; location: string };
  timeslot: { startTime: string; endTime: string };
  /** Shown in the invite's description and URL: the person's manage link. */
  manageUrl: string;
  publicUrl: string;
  cancelled?: boolean;
  /** Not confirmed yet (issue 32: a minor waiting for the guardian): STATUS:TENTATIVE until a later invite confirms it. */
  tentative?: boolean;
}

/** The invite's text (RFC 5545), METHOD:REQUEST, or METHOD:CANCEL for a cancelled registration. */
export function registrationInvite(input: InviteInput): string {
  const host = new URL(input.publicUrl).host;
  const calendar = ical({ prodId: { company: PRODUCT_NAME, product: "registrations" }, name: PRODUCT_NAME });
  calendar.method(input.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST);
  calendar.createEvent({
    id: `${input.registrationId}@${host}`,
    sequence: input.sequence,
    start: zonedInstant(input.event.eventDate, input.timeslot.startTime),
    end: zonedInstant(input.event.eventDate, input.timeslot.endTime),
    summary: input.event.eventName,
    location: input.event.location,
    description: input.manageUrl,
    url: input.manageUrl,
    status: input.cancelled ? ICalEventStatus.CANCELLED : input.tentative ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    organizer: mailbox(input.organizer),
    attendees: [
      {
        email: input.attendee.email,
        name: input.attendee.name,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      },
    ],
  });
  return calendar.toString();
}

/** A registration's invite, its organizer the sender (MAIL_FROM) and its attendee the registrant. */
export function registrationInviteOf(
  config: { mailFrom: string; publicUrl: string },
  r: { id: string; icsSequence: number; email: string; fullName: string },
  invite: Pick<InviteInput, "event" | "timeslot" | "manageUrl" | "cancelled" | "tentative">,
): string {
  return registrationInvite({
    ...invite,
    registrationId: r.id,
    sequence: r.icsSequence,
    organizer: config.mailFrom,
    attendee: { email: r.email, name: r.fullName },
    publicUrl: config.publicUrl,
  });
}

/** `Name <address>` or a bare address, as an organizer (the product's name when none is given). */
export function mailbox(from: string): { name: string; email: string } {
  const named = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from);
  if (named) return { name: named[1]!.trim() || PRODUCT_NAME, email: named[2]! };
  return { name: PRODUCT_NAME, email: from.trim() };
}
