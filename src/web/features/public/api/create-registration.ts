import type { PublicRegistrationInput } from "@common/schemas/registration";
import type { RegistrationCreated } from "@common/schemas/public-responses";
import { api } from "@web/lib/api";

/** POST /api/public/events/:eventId/registrations */
export function createRegistration(eventId: string, body: PublicRegistrationInput): Promise<RegistrationCreated> {
  return api<RegistrationCreated>(`/api/public/events/${encodeURIComponent(eventId)}/registrations`, {
    method: "POST",
    body,
  });
}
