import { t } from "@common/i18n";
/**
 * The campaigns module's errors, declared once: code, status and the catalogue's text. An unknown
 * event is the events module's `event_not_found` (../events/events.errors).
 */
import { errors } from "../../errors";

export const campaignErrors = {
  contentRequired: () => errors.validation({ content: t("campaigns.errors.contentRequired") }),
  registrationsNotInEvent: () =>
    errors.validation(
      { registrationIds: t("campaigns.errors.registrationsNotInEvent") },
      t("campaigns.errors.registrationsNotInEvent"),
    ),
  stageEmpty: () => errors.validation({ stage: t("panel.errors.stageEmpty") }, t("panel.errors.stageEmpty")),
  stageTooMany: (max: number) =>
    errors.validation({ stage: t("panel.errors.stageTooMany", { max }) }, t("panel.errors.stageTooMany", { max })),
  campaignNotFound: () => errors.notFound(t("campaigns.errors.campaignNotFound")),
  registrationNotFound: () => errors.notFound(t("campaigns.errors.registrationNotFound")),
};
