/** An event as GET /api/events answers it, for the tests of the features that list events (callbacks, registrations). */
export { scoutingEvent } from "@web/features/events/events.test-support";
