/** What the walk-in tests need: an event taking walk-ins today, and a walk-in form's body. */
import { todayIso } from "@common/dates";
import type { App } from "../../app";
import { walkInToken } from "../../lib/registration-links";
import { createEvent, registrationBody, type CreateEventOptions } from "../../test/factories";

/** An active event today (Buenos Aires) taking walk-ins, with one slot all day unless told otherwise. */
export function walkInEvent(app: App, options: CreateEventOptions = {}) {
  return createEvent(app.ctx.db, {
    eventDate: todayIso(),
    walkInsEnabled: true,
    timeslots: [{ startTime: "00:00", endTime: "23:59", capacity: 50 }],
    ...options,
  });
}

/** The walk-in form's body for `eventId` (the poster's token of that event unless `walkIn` says otherwise). */
export function walkInBody(app: App, eventId: string, overrides: Record<string, unknown> = {}) {
  const { timeslotId: _none, ...body } = registrationBody("", overrides);
  return { ...body, walkIn: walkInToken(app.ctx.config, eventId), ...overrides };
}

export const postWalkIn = (app: App, eventId: string, body: object, remoteAddress?: string) =>
  app.inject({
    method: "POST",
    url: `/api/public/events/${eventId}/registrations`,
    payload: body,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
