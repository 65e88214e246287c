/** What the app and other features use of the casting day: a door pass's banner, the event picker. */
export { PassBanner } from "./components/pass-banner";
export { EventChoice, defaultEventId } from "./components/event-choice";
