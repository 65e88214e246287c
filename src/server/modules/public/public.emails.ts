/**
 * The registrant's e-mails: the verification link after registering, and the confirmation with the
 * event's confirmation details once the e-mail is verified. In the language the person registered
 * in (model_registrations.language); links built from PUBLIC_URL only.
 */
import { PRODUCT_NAME } from "@common/constants";
import { translator, type Language, type Translate } from "@common/i18n";
import { formatLongDateFor, formatTimeRangeFor } from "@common/dates-language";
import { renderLayout, type EmailContent } from "../../mail/layout";

export interface RegistrationEmailInput {
  fullName: string;
  registrationCode: string;
  event: { eventName: string; eventDate: string; location: string; confirmationDetails?: string };
  timeslot: { startTime: string; endTime: string } | null;
}

export function eventDetails(t: Translate, language: Language, input: RegistrationEmailInput): Array<[string, string]> {
  return [
    [t("public.emails.details.code"), input.registrationCode],
    [t("public.emails.details.event"), input.event.eventName],
    [t("public.emails.details.date"), formatLongDateFor(language, input.event.eventDate)],
    ...(input.timeslot
      ? [
          [
            t("public.emails.details.timeslot"),
            formatTimeRangeFor(language, input.timeslot.startTime, input.timeslot.endTime),
          ] as [string, string],
        ]
      : []),
    [t("public.emails.details.place"), input.event.location],
  ];
}

export function verificationEmail(
  language: Language,
  input: RegistrationEmailInput & { verifyUrl: string; ttlHours: number; manageUrl?: string; guardianPending?: boolean },
): EmailContent {
  const t = translator(language);
  const eventName = input.event.eventName;
  return renderLayout({
    language,
    subject: t("public.emails.verification.subject", { eventName }),
    greeting: t("public.emails.greeting", { name: input.fullName }),
    paragraphs: [
      t("public.emails.verification.received", { eventName, product: PRODUCT_NAME }),
      t("public.emails.verification.expires", { hours: input.ttlHours }),
      // A 16- or 17-year-old: the registration waits for the guardian (issue 18).
      ...(input.guardianPending ? [t("privacy.emails.guardianPending")] : []),
    ],
    details: eventDetails(t, language, input),
    action: { label: t("public.emails.verification.action"), url: input.verifyUrl },
    ...(input.manageUrl ? { manageUrl: input.manageUrl } : {}),
  });
}

/** The check-in QR code's inline part in the confirmation e-mail (issue 20). */
export const CHECK_IN_QR_CID = "check-in-qr@opencall";

export function confirmationEmail(
  language: Language,
  input: RegistrationEmailInput & { verifyUrl: string; checkInQr?: boolean; manageUrl?: string },
): EmailContent {
  const t = translator(language);
  const eventName = input.event.eventName;
  const details = input.event.confirmationDetails?.trim();
  return renderLayout({
    language,
    subject: t("public.emails.confirmation.subject", { eventName }),
    greeting: t("public.emails.greeting", { name: input.fullName }),
    paragraphs: [
      t("public.emails.confirmation.confirmed", { eventName }),
      ...(details ? [t("public.emails.confirmation.importantInfo", { details })] : []),
      ...(input.checkInQr ? [t("public.emails.confirmation.checkIn")] : []),
      t("public.emails.confirmation.sheet"),
    ],
    details: eventDetails(t, language, input),
    ...(input.checkInQr ? { image: { cid: CHECK_IN_QR_CID, alt: t("public.emails.confirmation.checkInAlt"), size: 200 } } : {}),
    action: { label: t("public.emails.confirmation.action"), url: input.verifyUrl },
    ...(input.manageUrl ? { manageUrl: input.manageUrl } : {}),
  });
}

export type RegistrantNotice = "reminder" | "moved" | "cancelled";

/** The reminder before the slot, the notice of a move, of a cancellation (issue 19): each with the manage link. */
export function registrantNoticeEmail(
  language: Language,
  notice: RegistrantNotice,
  input: RegistrationEmailInput & { manageUrl: string },
): EmailContent {
  const t = translator(language);
  const eventName = input.event.eventName;
  return renderLayout({
    language,
    subject: t(`public.emails.${notice}.subject`, { eventName }),
    greeting: t("public.emails.greeting", { name: input.fullName }),
    paragraphs: [t(`public.emails.${notice}.body`, { eventName })],
    details: eventDetails(t, language, input),
    manageUrl: input.manageUrl,
  });
}
