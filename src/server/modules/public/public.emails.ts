/**
 * The registrant's e-mails: the verification link after registering, and the confirmation with the
 * event's confirmation details once the e-mail is verified. In the language the person registered
 * in (model_registrations.language); links built from PUBLIC_URL only.
 */
import { translator, type Language, type Translate } from "@common/i18n";
import { formatLongDateFor, formatTimeRangeFor } from "@common/dates-language";
import { AGENCY_NAME } from "../../mail/agency-fill";
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
      t("public.emails.verification.received", { eventName, agency: AGENCY_NAME }),
      t("public.emails.verification.expires", { hours: input.ttlHours }),
      // A 16- or 17-year-old: the registration waits for the guardian (issue 18).
      ...(input.guardianPending ? [t("privacy.emails.guardianPending")] : []),
    ],
    details: eventDetails(t, language, input),
    action: { label: t("public.emails.verification.action"), url: input.verifyUrl },
    ...(input.manageUrl ? { manageUrl: input.manageUrl } : {}),
    trustFrom: input.verifyUrl,
  });
}

/** The check-in QR code's inline part in the confirmation e-mail (issue 20). */
export const CHECK_IN_QR_CID = "check-in-qr@opencall";

/**
 * Where the registration stands once the e-mail is verified (issue 32): confirmed, or — a 16- or
 * 17-year-old — still waiting for the guardian, which the e-mail says instead; `guardianApproved`
 * when it is the guardian's approval that confirms it now.
 */
export type ConfirmationState = "confirmed" | "awaiting_guardian";

export function confirmationEmail(
  language: Language,
  input: RegistrationEmailInput & {
    verifyUrl: string;
    checkInQr?: boolean;
    manageUrl?: string;
    state?: ConfirmationState;
    guardianApproved?: boolean;
  },
): EmailContent {
  const t = translator(language);
  const eventName = input.event.eventName;
  const details = input.event.confirmationDetails?.trim();
  const waiting = input.state === "awaiting_guardian";
  return renderLayout({
    language,
    subject: t(waiting ? "public.emails.confirmation.awaitingGuardianSubject" : "public.emails.confirmation.subject", {
      eventName,
    }),
    greeting: t("public.emails.greeting", { name: input.fullName }),
    paragraphs: [
      t(
        waiting
          ? "public.emails.confirmation.awaitingGuardian"
          : input.guardianApproved
            ? "public.emails.confirmation.guardianApproved"
            : "public.emails.confirmation.confirmed",
        { eventName },
      ),
      ...(details ? [t("public.emails.confirmation.importantInfo", { details })] : []),
      ...(input.checkInQr ? [t("public.emails.confirmation.checkIn")] : []),
      t("public.emails.confirmation.sheet"),
    ],
    details: eventDetails(t, language, input),
    ...(input.checkInQr ? { image: { cid: CHECK_IN_QR_CID, alt: t("public.emails.confirmation.checkInAlt"), size: 200 } } : {}),
    action: { label: t("public.emails.confirmation.action"), url: input.verifyUrl },
    ...(input.manageUrl ? { manageUrl: input.manageUrl } : {}),
    trustFrom: input.verifyUrl,
  });
}

export type RegistrantNotice = "reminder" | "moved" | "cancelled";

/**
 * The reminder before the slot, the notice of a move, of a cancellation (issue 19): each with the
 * manage link. `guardian` (issue 32): a minor's approval still missing is said again; a
 * cancellation by the guardian's refusal says so.
 */
export function registrantNoticeEmail(
  language: Language,
  notice: RegistrantNotice,
  input: RegistrationEmailInput & { manageUrl: string; guardian?: "missing" | "refused" },
): EmailContent {
  const t = translator(language);
  const eventName = input.event.eventName;
  const refused = notice === "cancelled" && input.guardian === "refused";
  const missing = notice !== "cancelled" && input.guardian === "missing";
  return renderLayout({
    language,
    subject: t(`public.emails.${notice}.subject`, { eventName }),
    greeting: t("public.emails.greeting", { name: input.fullName }),
    paragraphs: [
      refused ? t("public.emails.cancelled.guardianBody", { eventName }) : t(`public.emails.${notice}.body`, { eventName }),
      ...(missing ? [t("public.emails.guardianMissing")] : []),
    ],
    details: eventDetails(t, language, input),
    manageUrl: input.manageUrl,
    trustFrom: input.manageUrl,
  });
}
