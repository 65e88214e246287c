/** The e-mail to each admin when a webhook is disabled after a day of failures (issue 37). */
import { translator, type Language } from "@common/i18n";
import { renderLayout, type EmailContent } from "../../mail/layout";

export function webhookDisabledEmail(language: Language, input: { url: string; error: string; pageUrl: string }): EmailContent {
  const t = translator(language);
  return renderLayout({
    language,
    subject: t("emails.webhookDisabled.subject"),
    paragraphs: [t("emails.webhookDisabled.intro", { url: input.url, error: input.error }), t("emails.webhookDisabled.waiting")],
    action: { label: t("emails.webhookDisabled.action"), url: input.pageUrl },
  });
}
