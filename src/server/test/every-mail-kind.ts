/**
 * One message of every kind OpenCall sends (MAIL_KINDS), each made by its real builder, with the
 * parts the real one carries (the check-in QR image, the calendar invite): for tests of what holds
 * for every e-mail, such as its DKIM signature (src/server/mail/dkim.test.ts). A new kind is a type
 * error here until it is added.
 */
import { webhookDisabledEmail } from "../modules/webhooks/webhooks.emails";
import { authenticSite } from "@common/public-paths";
import type { MailKind } from "@common/schemas/mailbox";
import type { Config } from "../config";
import { registrationInvite } from "../lib/calendar";
import type { OutgoingEmail } from "../mail/outbox";
import {
  adminInvitationEmail,
  passwordResetEmail,
  profileApprovedEmail,
  signInUnlockEmail,
  signUpAttemptEmail,
  staffVerificationEmail,
} from "../modules/accounts/accounts.emails";
import { authenticReportEmail } from "../modules/authentic/authentic.emails";
import { callbackEmail } from "../modules/callbacks/callbacks.emails";
import { campaignRenderer } from "../modules/campaigns/campaigns.email";
import { accessLinksEmail, guardianRequestEmail } from "../modules/privacy/privacy.emails";
import { CHECK_IN_QR_CID, confirmationEmail, registrantNoticeEmail, verificationEmail } from "../modules/public/public.emails";
import { joinedEmail, offerEmail, removedEmail } from "../modules/waitlist/waitlist.emails";

/** A 1×1 PNG, as the confirmation's inline QR image stands in. */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

const withoutAddress = ({ subject, text, html }: OutgoingEmail) => ({ subject, text, html });

export function everyMailKind(config: Config, to = "maria@example.com"): OutgoingEmail[] {
  const language = "es-AR" as const;
  const url = `${config.publicUrl}/x?token=abc`;
  const event = { eventName: "Casting Otoño — Córdoba", eventDate: "2027-04-10", location: "Av. Siempreviva 742" };
  const timeslot = { startTime: "10:00", endTime: "10:30" };
  const registration = { fullName: "María José Núñez", registrationCode: "OC-7K2QF9", event, timeslot, manageUrl: url };
  const staff = { to, name: "Ana Pérez", url, language };
  const waiting = { email: to, fullName: "María José", language, event, timeslot };
  const invite = registrationInvite({
    registrationId: "0b7e8f3c-1111-4222-8333-944455556666",
    sequence: 0,
    organizer: config.mailFrom,
    attendee: { email: to, name: "María José" },
    event,
    timeslot,
    manageUrl: url,
    publicUrl: config.publicUrl,
  });
  const campaign = campaignRenderer({
    subject: "Novedades de {evento}",
    content: "<p>Hola <b>{nombre}</b>, ¡nos vemos!</p>",
    isHtml: true,
  });
  const callback = {
    fullName: "María José Núñez",
    registrationCode: "OC-7K2QF9",
    openCallName: event.eventName,
    callback: { ...event, eventName: "Callback Otoño" },
    deadline: new Date("2027-04-20T21:00:00Z"),
    url,
    guardianName: "Laura Núñez",
  };
  const byKind: Record<MailKind, Omit<OutgoingEmail, "to" | "kind">> = {
    registration_verification: verificationEmail(language, { ...registration, verifyUrl: url, ttlHours: 48 }),
    registration_confirmation: {
      ...confirmationEmail(language, { ...registration, verifyUrl: url, checkInQr: true }),
      attachments: [{ filename: "qr.png", contentType: "image/png", content: PNG, cid: CHECK_IN_QR_CID }],
      icalEvent: invite,
    },
    registration_reminder: registrantNoticeEmail(language, "reminder", registration),
    registration_moved: { ...registrantNoticeEmail(language, "moved", registration), icalEvent: invite },
    registration_cancelled: registrantNoticeEmail(language, "cancelled", registration),
    guardian_request: guardianRequestEmail(language, { guardianName: "Laura", minorName: "María José", event, timeslot, url }),
    waitlist_joined: withoutAddress(joinedEmail(config, waiting, "tok")),
    waitlist_offer: withoutAddress(offerEmail(config, waiting, "tok", new Date("2027-04-09T12:00:00Z"))),
    waitlist_removed: withoutAddress(removedEmail(config, waiting)),
    callback_invitation: callbackEmail(language, "invitation", callback),
    callback_reminder: callbackEmail(language, "reminder", callback),
    privacy_access: accessLinksEmail(language, [{ eventName: event.eventName, eventDate: event.eventDate, url }]),
    campaign: campaign({
      values: { nombre: "María José", codigo: "OC-7K2QF9", evento: event.eventName, fecha: "10/04/2027", horario: "10:00" },
      readUrl: `${config.publicUrl}/api/r/abc.gif`,
      language,
      manageUrl: url,
      authentic: { messageCode: "OCM-7K3F-9QXT", site: authenticSite(config.publicUrl) },
    }),
    staff_verification: withoutAddress(staffVerificationEmail(staff)),
    password_reset: withoutAddress(passwordResetEmail(staff)),
    profile_approved: withoutAddress(profileApprovedEmail(staff)),
    admin_invitation: withoutAddress(adminInvitationEmail({ to, url, invitedBy: "Ana Pérez", language })),
    sign_in_unlock: withoutAddress(signInUnlockEmail(staff)),
    staff_sign_up_attempt: withoutAddress(signUpAttemptEmail(staff)),
    authentic_report: authenticReportEmail(language, {
      message: "Me pidieron $5000 por un book de fotos. ¿Es de ustedes?",
      contact: "+54 9 11 5555-0000",
      site: authenticSite(config.publicUrl),
    }),
    webhook_disabled: webhookDisabledEmail(language, {
      url: "https://crm.example.com/hooks/opencall",
      error: "answered 503",
      pageUrl: `${config.publicUrl}/dashboard/admin/webhooks`,
    }),
  };
  return Object.entries(byKind).map(([kind, content]) => ({ ...content, kind: kind as MailKind, to }));
}
