/** A registrations list item for the registrations screen's tests, with one event and one slot. */
import type { RegistrationListItem } from "@common/schemas/registrations";

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
