/** A registrations list item for the registrations screen's tests, with one event and one slot. */
import type { EventSummary } from "@common/schemas/events";
import type { RegistrationListItem } from "@common/schemas/registrations";
import { sessionUser } from "@web/test/session";

export const EVENT_ID = "0b5c1c9e-7d39-4a4e-9d43-0b1f7f2b6a01";
export const SLOT_ID = "1c5c1c9e-7d39-4a4e-9d43-0b1f7f2b6a02";
export const testEvent = { id: EVENT_ID, eventName: "Casting Otoño", eventDate: "2026-03-05", location: "Av. Corrientes 1234" };
const timeslot = { id: SLOT_ID, startTime: "10:00", endTime: "11:00" };

export function registrationItem(
  id: string,
  fullName: string,
  overrides: Partial<RegistrationListItem> = {},
): RegistrationListItem {
  return {
    id,
    eventId: EVENT_ID,
    timeslotId: SLOT_ID,
    fullName,
    dateOfBirth: "2000-04-09",
    age: 25,
    location: "Rosario",
    email: `${fullName.split(" ")[0]!.toLowerCase()}@example.com`,
    phoneNumber: "1155554444",
    height: 175,
    bust: 90,
    waist: null,
    hips: 95,
    eyeColor: "Miel",
    instagramHandle: null,
    internationalWork: true,
    status: "confirmed",
    emailVerified: true,
    emailVerifiedAt: "2026-02-01T12:00:00.000Z",
    registrationCode: `REG-${fullName.slice(0, 3).toUpperCase()}`,
    createdAt: "2026-02-01T11:00:00.000Z",
    liked: false,
    attended: false,
    rating: null,
    event: testEvent,
    timeslot,
    campaignCount: 0,
    stage: "new",
    panel: { average: null, count: 0, spread: null, mine: null },
    tags: [],
    related: [],
    ...overrides,
  };
}

export const testEventSummary: EventSummary = {
  id: EVENT_ID,
  scoutingId: "EV-1",
  eventName: testEvent.eventName,
  eventDate: testEvent.eventDate,
  status: "active",
};

export function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
}

/**
 * What the screen asks for besides its list, answered for an admin: the session, the events'
 * summaries and the agency's tags (none). Undefined for any other request.
 */
export function staffReply(url: string, events: EventSummary[] = [testEventSummary]): Response | undefined {
  if (url === "/api/session") {
    return json({ user: sessionUser("admin", { email: "boss@agency.test", fullName: "Boss" }) });
  }
  if (url === "/api/events?fields=summary") return json(events);
  if (url === "/api/tags") return json({ items: [] });
  return undefined;
}
