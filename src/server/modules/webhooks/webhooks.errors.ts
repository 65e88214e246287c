/** The webhooks' errors (issue 37), declared once: code, status and the catalogue's text. */
import { t } from "@common/i18n";
import { AppError } from "../../errors";
import type { AddressRefusal } from "./webhooks.address";

export const webhookErrors = {
  notFound: () => new AppError(404, "webhook_not_found", t("integrations.errors.webhookNotFound")),
  deliveryNotFound: () => new AppError(404, "delivery_not_found", t("integrations.errors.deliveryNotFound")),
  /** An address a webhook may not be sent to (SSRF, plain http): named under the form's field. */
  urlNotAllowed: (reason: AddressRefusal) => {
    const message = t("integrations.errors.urlNotAllowed", { reason: t(`integrations.errors.urlReasons.${reason}`) });
    return new AppError(400, "webhook_url_not_allowed", message, { url: message });
  },
};
