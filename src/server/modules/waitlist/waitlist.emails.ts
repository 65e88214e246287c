/**
 * The waiting list's e-mails (issue 19): the place in line confirmed, a spot offered, and the
 * person taken off the line by staff.
 */
import { translator, type Language } from "@common/i18n";
import { formatDateTimeFor } from "@common/dates-language";
import type { Config } from "../../config";
import { renderLayout, type EmailContent } from "../../mail/layout";
import type { OutgoingEmail } from "../../mail/outbox";
import { eventDetails } from "../public/public.emails";
import { slotTimes } from "../public/public.registration";

export interface WaitlistEmailInput {
  email: string;
  fullName: string;
  language: Language;
  event: { eventName: string; eventDate: string; location: string };
  timeslot: { startTime: string; endTime: string };
}

/** The page of an entry's links (the place in line, an offer): /waitlist?t=… */
export const waitlistUrl = (config: Pick<Config, "publicUrl">, token: string) => `${config.publicUrl}/waitlist?t=${token}`;

function details(language: Language, input: WaitlistEmailInput) {
  const t = translator(language);
  // An entry has no registration code yet: the details start at the event.
  return eventDetails(t, language, { ...input, registrationCode: "", timeslot: slotTimes(input.timeslot) }).slice(1);
}

export function joinedEmail(config: Config, input: WaitlistEmailInput, token: string): OutgoingEmail {
  const { language } = input;
  const t = translator(language);
  const eventName = input.event.eventName;
  const content: EmailContent = renderLayout({
    language,
    subject: t("public.emails.waitlistJoined.subject", { eventName }),
    greeting: t("public.emails.greeting", { name: input.fullName }),
    paragraphs: [t("public.emails.waitlistJoined.body", { eventName })],
    details: details(language, input),
    action: { label: t("public.emails.waitlistJoined.action"), url: waitlistUrl(config, token) },
    trustFrom: config.publicUrl,
  });
  return { kind: "waitlist_joined", to: input.email, ...content };
}

export function offerEmail(config: Config, input: WaitlistEmailInput, token: string, expiresAt: Date): OutgoingEmail {
  const { language } = input;
  const t = translator(language);
  const eventName = input.event.eventName;
  const expires = formatDateTimeFor(language, expiresAt);
  const content = renderLayout({
    language,
    subject: t("public.emails.waitlistOffer.subject", { eventName }),
    greeting: t("public.emails.greeting", { name: input.fullName }),
    paragraphs: [t("public.emails.waitlistOffer.body", { eventName, expires })],
    details: details(language, input),
    action: { label: t("public.emails.waitlistOffer.action"), url: waitlistUrl(config, token) },
    trustFrom: config.publicUrl,
  });
  return { kind: "waitlist_offer", to: input.email, ...content };
}

/** Staff took the person off the slot's line: no link (there is nothing left to do on the entry's page). */
export function removedEmail(config: Pick<Config, "contactEmail" | "publicUrl">, input: WaitlistEmailInput): OutgoingEmail {
  const { language } = input;
  const t = translator(language);
  const eventName = input.event.eventName;
  const content = renderLayout({
    language,
    subject: t("public.emails.waitlistRemoved.subject", { eventName }),
    greeting: t("public.emails.greeting", { name: input.fullName }),
    paragraphs: [t("public.emails.waitlistRemoved.body", { eventName, contact: config.contactEmail })],
    details: details(language, input),
    trustFrom: config.publicUrl,
  });
  return { kind: "waitlist_removed", to: input.email, ...content };
}
