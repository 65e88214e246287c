/** The casting day's public streams (issue 35, docs/api.md "Casting day"): Server-Sent Events. */

/** GET /api/public/queue/stream?t=: a person's own place, by their manage or check-in token. */
export function placeStreamUrl(token: string): string {
  return `/api/public/queue/stream?t=${encodeURIComponent(token)}`;
}

/** GET /api/public/events/:id/display/stream?key=: the numbers called, for the venue's screen. */
export function displayStreamUrl(eventId: string, key: string): string {
  return `/api/public/events/${encodeURIComponent(eventId)}/display/stream?key=${encodeURIComponent(key)}`;
}
