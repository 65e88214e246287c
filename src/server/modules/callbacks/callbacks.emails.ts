/**
 * A callback invitation's e-mails (issue 36): the invitation, and the one reminder staff may send.
 * In the language the person registered in; a minor's guardian (who approved the registration) is
 * copied, and the message says so. The button opens the manage page on the invitation.
 */
import { formatDateTimeFor, formatLongDateFor } from "@common/dates-language";
import { translator, type Language } from "@common/i18n";
import { renderLayout, type EmailContent } from "../../mail/layout";
import type { OutgoingEmail } from "../../mail/outbox";

export interface CallbackEmailInput {
  fullName: string;
  /** The person's code in the open call: the e-mail names their registration (an erasure finds it so). */
  registrationCode: string;
  openCallName: string;
  callback: { eventName: string; eventDate: string; location: string };
  deadline: Date;
  /** The invitation's own link (callbackUrl). */
  url: string;
  /** The guardian copied, for a minor. */
  guardianName: string | null;
}

export function callbackEmail(language: Language, kind: "invitation" | "reminder", input: CallbackEmailInput): EmailContent {
  const t = translator(language);
  const { eventName } = input.callback;
  const deadline = formatDateTimeFor(language, input.deadline);
  const paragraphs =
    kind === "invitation"
      ? [
          t("callbacks.emails.invitation.body", { openCall: input.openCallName, eventName }),
          t("callbacks.emails.invitation.choose", { deadline }),
        ]
      : [t("callbacks.emails.reminder.body", { eventName, deadline })];
  if (input.guardianName) paragraphs.push(t("callbacks.emails.guardianCopy", { guardianName: input.guardianName }));
  return renderLayout({
    language,
    subject: t(`callbacks.emails.${kind}.subject`, { eventName }),
    greeting: t("public.emails.greeting", { name: input.fullName }),
    paragraphs,
    details: [
      [t("public.emails.details.event"), eventName],
      [t("public.emails.details.date"), formatLongDateFor(language, input.callback.eventDate)],
      [t("public.emails.details.place"), input.callback.location],
      [t("callbacks.emails.deadline"), deadline],
      [t("callbacks.emails.openCallCode"), input.registrationCode],
    ],
    action: { label: t("callbacks.emails.invitation.action"), url: input.url },
    trustFrom: input.url,
  });
}

/** The message to queue: to the person, with their guardian copied when one approved (a minor). */
export function callbackMessage(
  kind: "invitation" | "reminder",
  person: { email: string; language: Language; guardianEmail: string | null },
  input: CallbackEmailInput,
): OutgoingEmail {
  return {
    kind: kind === "invitation" ? "callback_invitation" : "callback_reminder",
    to: person.email,
    ...(input.guardianName && person.guardianEmail ? { cc: person.guardianEmail } : {}),
    ...callbackEmail(person.language, kind, input),
  };
}
