/** The events screens' test data: an event as GET /api/events answers it. */
import type { ScoutingEvent } from "@common/schemas/events";

export function scoutingEvent(overrides: Partial<ScoutingEvent> = {}): ScoutingEvent {
  return {
    id: "5b0c7f0e-8f4e-4a53-9d6c-1f2a3b4c5d6e",
    scoutingId: "EV-2026-0007",
    slug: "casting-de-otono",
    eventName: "Casting de otoño",
    eventDate: "2026-03-05",
    location: "Av. Corrientes 1234, CABA",
    description: "Casting abierto para nuevas caras.",
    confirmationDetails: "",
    status: "active",
    photos: "required",
    kind: "open",
    callbackOf: null,
    walkIns: { enabled: false, dailyCap: null },
    createdBy: null,
    createdAt: "2026-01-10T12:00:00.000Z",
    registrationCount: 3,
    timeslots: [],
    ...overrides,
  };
}
