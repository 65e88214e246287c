/** The mailbox module's errors, declared once: code, status and the catalogue's text. */
import { mailbox as texts } from "@common/texts/mailbox";
import { errors } from "../../errors";

export const mailboxErrors = {
  messageNotFound: () => errors.notFound(texts.notFound),
};
