import { t } from "@common/i18n";
/**
 * The campaigns module's errors, declared once: code, status and the catalogue's text. An unknown
 * event is the events module's `event_not_found` (../events/events.errors).
 */
import { PLACEHOLDER_LIST } from "@common/campaign-placeholders";
import { AppError, errors } from "../../errors";

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
  /** 400: `{Agencia}` would be sent as written; the fields say where, the message names each one. */
  unknownPlaceholders: (found: { subject: string[]; content: string[] }) => {
    const names = [...new Set([...found.subject, ...found.content])].join(", ");
    const fields: Record<string, string> = {};
    for (const field of ["subject", "content"] as const) {
      if (found[field].length > 0) {
        fields[field] = t("campaigns.errors.unknownPlaceholdersField", { placeholders: found[field].join(", ") });
      }
    }
    return new AppError(
      400,
      "unknown_placeholders",
      t("campaigns.errors.unknownPlaceholders", { placeholders: names, known: PLACEHOLDER_LIST }),
      fields,
    );
  },
  campaignNotFound: () => errors.notFound(t("campaigns.errors.campaignNotFound")),
  registrationNotFound: () => errors.notFound(t("campaigns.errors.registrationNotFound")),
};
