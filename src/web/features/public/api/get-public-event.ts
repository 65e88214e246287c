import type { PublicEvent } from "@common/schemas/public-responses";
import { api } from "@web/lib/api";

/** GET /api/public/events/:eventId — 404 event_not_found when missing or inactive. */
export function getPublicEvent(eventId: string, signal?: AbortSignal): Promise<PublicEvent> {
  return api<PublicEvent>(`/api/public/events/${encodeURIComponent(eventId)}`, { signal });
}

/** GET /api/public/events/by-slug/:slug — the event at `/e/<slug>`; 404 event_not_found as above. */
export function getPublicEventBySlug(slug: string, signal?: AbortSignal): Promise<PublicEvent> {
  return api<PublicEvent>(`/api/public/events/by-slug/${encodeURIComponent(slug)}`, { signal });
}
