/** Request bodies for the events API tests. */
import type { CreateEventInput, UpdateEventInput } from "@common/schemas/events";

export function eventBody(overrides: Partial<CreateEventInput> = {}): CreateEventInput {
  return {
    eventName: "Casting de otoño",
    eventDate: "2026-03-05",
    location: "Av. Corrientes 1234, CABA",
    description: "Casting abierto para nuevas caras.",
    confirmationDetails: "Traé tu ficha impresa.",
    timeslots: [
      { startTime: "10:00", endTime: "11:00", capacity: 10 },
      { startTime: "11:00", endTime: "12:00", capacity: 5 },
    ],
    ...overrides,
  };
}

/** The body of a PUT that keeps an event as it is (status and every slot), with overrides. */
export function updateBodyFrom(
  event: {
    eventName: string;
    eventDate: string;
    location: string;
    description: string;
    confirmationDetails: string;
    status: "active" | "inactive";
    timeslots: Array<{ id: string; startTime: string; endTime: string; capacity: number }>;
  },
  overrides: Partial<UpdateEventInput> = {},
): UpdateEventInput {
  return {
    eventName: event.eventName,
    eventDate: event.eventDate,
    location: event.location,
    description: event.description,
    confirmationDetails: event.confirmationDetails,
    status: event.status,
    timeslots: event.timeslots.map(({ id, startTime, endTime, capacity }) => ({
      id,
      startTime: startTime.slice(0, 5),
      endTime: endTime.slice(0, 5),
      capacity,
    })),
    ...overrides,
  };
}
