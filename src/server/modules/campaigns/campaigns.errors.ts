/**
 * The campaigns module's errors, declared once: code, status and the catalogue's text. An unknown
 * event is the events module's `event_not_found` (../events/events.errors).
 */
import { campaigns as texts } from "@common/texts/campaigns";
import { errors } from "../../errors";

export const campaignErrors = {
  contentRequired: () => errors.validation({ content: texts.errors.contentRequired }),
  registrationsNotInEvent: () =>
    errors.validation({ registrationIds: texts.errors.registrationsNotInEvent }, texts.errors.registrationsNotInEvent),
  campaignNotFound: () => errors.notFound(texts.errors.campaignNotFound),
  registrationNotFound: () => errors.notFound(texts.errors.registrationNotFound),
};
