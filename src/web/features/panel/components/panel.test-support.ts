/** A registrations list item for the panel's component tests. */
import type { RegistrationListItem } from "@common/schemas/registrations";

export function registrationItem(id: string, fullName: string): RegistrationListItem {
  return {
    id,
    eventId: "0b5c1c9e-7d39-4a4e-9d43-0b1f7f2b6a01",
    timeslotId: "1c5c1c9e-7d39-4a4e-9d43-0b1f7f2b6a02",
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
    registrationCode: "REG-1",
    createdAt: "2026-02-01T11:00:00.000Z",
    liked: false,
    attended: false,
    rating: null,
    stage: "new",
    event: { id: "0b5c1c9e-7d39-4a4e-9d43-0b1f7f2b6a01", eventName: "Casting Otoño", eventDate: "2026-03-05", location: "CABA" },
    timeslot: { id: "1c5c1c9e-7d39-4a4e-9d43-0b1f7f2b6a02", startTime: "10:00", endTime: "11:00" },
    campaignCount: 0,
    panel: { average: null, count: 0, spread: null, mine: null },
    tags: [],
    related: [],
  };
}
