/** The report of a suspicious message (issue 39), to each admin, in the admin's language. */
import { translator, type Language } from "@common/i18n";
import { AGENCY_NAME } from "../../mail/agency-fill";
import { renderLayout, type EmailContent } from "../../mail/layout";

export function authenticReportEmail(
  language: Language,
  input: { message: string; contact: string | null; site: string },
): EmailContent {
  const t = translator(language);
  return renderLayout({
    language,
    subject: t("emails.authenticReport.subject"),
    paragraphs: [
      t("emails.authenticReport.intro", { site: input.site, agency: AGENCY_NAME }),
      input.message,
      input.contact ? t("emails.authenticReport.contact", { contact: input.contact }) : t("emails.authenticReport.noContact"),
    ],
  });
}
