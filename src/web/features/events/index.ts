/** What other features use of events: the lists, to pick an event and to refresh counts; a callback's page address. */
export { useEventSummaries } from "./api/get-event-summaries";
export { eventsQueryOptions } from "./api/get-events";
export { callbackInvitationsPath } from "./components/event-card";
