/** What the authorisation matrix's rows prepare their calls with (its own module: the row files import it, not the matrix). */
import type { App } from "../app";
import { createEvent, createRegistration } from "./factories";

/** A fresh registration (and its event) for one persona's call. */
export async function freshRegistration(app: App) {
  const event = await createEvent(app.ctx.db, { timeslots: [{}, {}] });
  const registration = await createRegistration(app.ctx.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id });
  return { event, registration };
}
