/**
 * The privacy e-mails (issue 18): the guardian's request to approve a minor's registration, and the
 * links a person asked for at /privacy/request. Links built from PUBLIC_URL only.
 */
import { PRODUCT_NAME } from "@common/constants";
import { formatLongDateFor } from "@common/dates-language";
import { translator, type Language } from "@common/i18n";
import { renderLayout, type EmailContent } from "../../mail/layout";

export function guardianRequestEmail(
  language: Language,
  input: { guardianName: string; minorName: string; eventName: string; eventDate: string; url: string },
): EmailContent {
  const t = translator(language);
  return renderLayout({
    language,
    subject: t("privacy.emails.guardian.subject", { name: input.minorName, eventName: input.eventName }),
    greeting: t("privacy.emails.guardian.greeting", { name: input.guardianName }),
    paragraphs: [
      t("privacy.emails.guardian.intro", { minor: input.minorName, eventName: input.eventName }),
      t("privacy.emails.guardian.notice"),
    ],
    details: [[t("public.emails.details.date"), formatLongDateFor(language, input.eventDate)]],
    action: { label: t("privacy.emails.guardian.action"), url: input.url },
  });
}

export function accessLinksEmail(
  language: Language,
  links: Array<{ eventName: string; eventDate: string; url: string }>,
): EmailContent {
  const t = translator(language);
  return renderLayout({
    language,
    subject: t("privacy.emails.access.subject", { product: PRODUCT_NAME }),
    paragraphs: [
      t("privacy.emails.access.intro"),
      ...links.map((link) =>
        t("privacy.emails.access.item", {
          eventName: link.eventName,
          date: formatLongDateFor(language, link.eventDate),
          url: link.url,
        }),
      ),
      t("privacy.emails.access.ignore"),
    ],
  });
}
