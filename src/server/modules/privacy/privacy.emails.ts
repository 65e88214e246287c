/**
 * The privacy e-mails (issue 18): the guardian's request to approve a minor's registration, and the
 * links a person asked for at /privacy/request. Links built from PUBLIC_URL only.
 */
import { formatLongDateFor, formatTimeRangeFor } from "@common/dates-language";
import { translator, type Language } from "@common/i18n";
import { AGENCY_CONTACT, AGENCY_NAME } from "../../mail/agency-fill";
import { renderLayout, type EmailContent } from "../../mail/layout";

/**
 * The guardian's request (issue 32): who asks (the agency, and where to write to it), for what (the
 * casting, the minor), when (the date and the slot, 24-hour, Buenos Aires) and where (the place).
 */
export function guardianRequestEmail(
  language: Language,
  input: {
    guardianName: string;
    minorName: string;
    event: { eventName: string; eventDate: string; location: string };
    timeslot: { startTime: string; endTime: string } | null;
    url: string;
  },
): EmailContent {
  const t = translator(language);
  const { eventName, eventDate, location } = input.event;
  return renderLayout({
    language,
    subject: t("privacy.emails.guardian.subject", { name: input.minorName, eventName }),
    greeting: t("privacy.emails.guardian.greeting", { name: input.guardianName }),
    paragraphs: [
      t("privacy.emails.guardian.intro", { minor: input.minorName, eventName, agency: AGENCY_NAME }),
      t("privacy.emails.guardian.notice", { agency: AGENCY_NAME }),
      t("privacy.emails.guardian.contact", { agency: AGENCY_NAME, contact: AGENCY_CONTACT }),
    ],
    details: [
      [t("privacy.emails.guardian.agency"), AGENCY_NAME],
      [t("public.emails.details.event"), eventName],
      [t("privacy.emails.guardian.minor"), input.minorName],
      [t("public.emails.details.date"), formatLongDateFor(language, eventDate)],
      ...(input.timeslot
        ? [
            [
              t("public.emails.details.timeslot"),
              formatTimeRangeFor(language, input.timeslot.startTime, input.timeslot.endTime),
            ] as [string, string],
          ]
        : []),
      [t("public.emails.details.place"), location],
    ],
    action: { label: t("privacy.emails.guardian.action"), url: input.url },
    trustFrom: input.url,
  });
}

export function accessLinksEmail(
  language: Language,
  links: Array<{ eventName: string; eventDate: string; url: string }>,
): EmailContent {
  const t = translator(language);
  return renderLayout({
    language,
    subject: t("privacy.emails.access.subject", { agency: AGENCY_NAME }),
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
    ...(links[0] ? { trustFrom: links[0].url } : {}),
  });
}
