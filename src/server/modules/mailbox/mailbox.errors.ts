import { t } from "@common/i18n";
/** The mailbox module's errors, declared once: code, status and the catalogue's text. */
import { errors } from "../../errors";

export const mailboxErrors = {
  messageNotFound: () => errors.notFound(t("mailbox.notFound")),
};
