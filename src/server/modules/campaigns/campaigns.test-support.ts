/** Data the campaigns tests share: an event with registrations, and recipient rows. */
import type { Db } from "../../db/client";
import type { ModelRegistrationRow } from "../../db/schema";
import { createEvent, createRegistration } from "../../test/factories";

export /** A recipient row for createCampaign, from a registration (sent_at set once it left the queue). */
const recipientOf = (
  registration: ModelRegistrationRow,
  status: "queued" | "sent" | "failed" | "read" = "queued",
  readTokenHash?: string,
) => ({
  registrationId: registration.id,
  email: registration.email,
  fullName: registration.fullName,
  status,
  sentAt: status === "queued" ? null : new Date(),
  ...(readTokenHash ? { readTokenHash } : {}),
});

/** An event ('Casting Otoño & Co', 05/03/26, one slot 10:00–11:30) with `count` registrations. */
export async function eventWithRegistrations(db: Db, count: number, names: string[] = []) {
  const event = await createEvent(db, {
    eventName: "Casting Otoño & Co",
    eventDate: "2026-03-05",
    timeslots: [{ startTime: "10:00", endTime: "11:30" }],
  });
  const registrations = [];
  for (let i = 0; i < count; i++) {
    registrations.push(
      await createRegistration(db, {
        eventId: event.id,
        timeslotId: event.timeslots[0]!.id,
        ...(names[i] ? { fullName: names[i] } : {}),
      }),
    );
  }
  return { event, registrations };
}
