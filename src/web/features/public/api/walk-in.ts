/**
 * Walk-ins (issue 35): the poster's link opens the registration page in walk-in mode, and the
 * registration is checked in at once. What the public event's read and the registration's reply say
 * about walk-ins is read here, in this one place, with the request that sends one.
 */
import type { PublicEvent, RegistrationCreated } from "@common/schemas/public-responses";
import type { PublicRegistrationInput } from "@common/schemas/registration";
import { api } from "@web/lib/api";

/** GET /api/public/events/:id with the casting day's field: whether the door takes walk-ins today. */
type EventWithWalkIns = PublicEvent & { walkIns?: { open: boolean } };

/** Whether the door takes walk-ins now. Without the field the server judges alone (walk_ins_closed). */
export function walkInsOpen(event: PublicEvent): boolean {
  return (event as EventWithWalkIns).walkIns?.open !== false;
}

/**
 * A walk-in's place in the line: its number, given at once; null for a minor whose guardian has not
 * approved yet (checked in once they do). `token` opens the person's live place (the check-in link's).
 */
export interface WalkInQueue {
  number: number;
  token?: string;
}

export type WalkInCreated = RegistrationCreated & { queue: WalkInQueue | null };

/** The form's fields without a slot (the server assigns it) and the poster's token. */
export type WalkInInput = Omit<PublicRegistrationInput, "timeslotId"> & { walkIn: string };

/** POST /api/public/events/:eventId/registrations, in walk-in mode. */
export function createWalkInRegistration(eventId: string, body: WalkInInput): Promise<WalkInCreated> {
  return api<WalkInCreated>(`/api/public/events/${encodeURIComponent(eventId)}/registrations`, { method: "POST", body });
}
