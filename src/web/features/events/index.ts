/** What other features use of events: the lists, to pick an event and to refresh counts; one event; a callback's page address. */
export { useEventSummaries } from "./api/get-event-summaries";
export { eventsQueryOptions } from "./api/get-events";
export { useEvent } from "./api/get-event";
export { callbackInvitationsPath } from "./components/event-card";
