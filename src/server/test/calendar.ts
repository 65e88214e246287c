/** Reading a calendar invite back, as a calendar would: parsed by ical.js (a maintained iCalendar library). */
import ICAL from "ical.js";
import { agencyDateTime } from "@common/dates-language";

/** `YYYY-MM-DD HH:MM` of an instant on Buenos Aires' wall clock. */
export const buenosAiresTime = (date: Date) => agencyDateTime(date);

export interface ParsedInvite {
  method: string;
  uid: string;
  sequence: number;
  status: string;
  /** DTSTART and DTEND on Buenos Aires' wall clock. */
  start: string;
  end: string;
  organizer: string;
  attendees: string[];
}

/** A CAL-ADDRESS with its scheme lower-cased (`MAILTO:` and `mailto:` are the same URI). */
const calAddress = (value: unknown) => String(value).replace(/^mailto:/i, "mailto:");

export function parseInvite(text: string): ParsedInvite {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const component = calendar.getFirstSubcomponent("vevent")!;
  const vevent = new ICAL.Event(component);
  return {
    method: String(calendar.getFirstPropertyValue("method")),
    uid: vevent.uid,
    sequence: vevent.sequence,
    status: String(component.getFirstPropertyValue("status")),
    start: buenosAiresTime(vevent.startDate.toJSDate()),
    end: buenosAiresTime(vevent.endDate.toJSDate()),
    organizer: calAddress(component.getFirstPropertyValue("organizer")),
    attendees: component.getAllProperties("attendee").map((p) => calAddress(p.getFirstValue())),
  };
}
