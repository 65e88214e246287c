/**
 * Staff account e-mails, in the account's language: the one saved in it (users.language), else the
 * language of the request that caused the e-mail (staffLanguage).
 */
import { PRODUCT_NAME } from "@common/constants";
import { currentLanguage, isLanguage, translator, type Language } from "@common/i18n";
import { renderLayout } from "../../mail/layout";
import type { OutgoingEmail } from "../../mail/outbox";

interface Recipient {
  to: string;
  name: string;
  language: Language;
}

const product = PRODUCT_NAME;

/** The language of an e-mail to this account: its saved one, else the current request's. */
export function staffLanguage(user: object | undefined): Language {
  const language = user && "language" in user ? user.language : undefined;
  return isLanguage(language) ? language : currentLanguage();
}

/** Who a staff account e-mail goes to, and in which language. */
export function staffRecipient(user: { email: string; name: string }): Recipient {
  return { to: user.email, name: user.name, language: staffLanguage(user) };
}

export function staffVerificationEmail({ to, name, url, language }: Recipient & { url: string }): OutgoingEmail {
  const t = translator(language);
  return {
    kind: "staff_verification",
    to,
    ...renderLayout({
      subject: t("accounts.emails.verification.subject", { product }),
      greeting: t("accounts.emails.greeting", { name }),
      paragraphs: [t("accounts.emails.verification.received", { product }), t("accounts.emails.verification.next")],
      action: { label: t("accounts.emails.verification.action"), url },
      language,
    }),
  };
}

export function passwordResetEmail({ to, name, url, language }: Recipient & { url: string }): OutgoingEmail {
  const t = translator(language);
  return {
    kind: "password_reset",
    to,
    ...renderLayout({
      subject: t("accounts.emails.passwordReset.subject", { product }),
      greeting: t("accounts.emails.greeting", { name }),
      paragraphs: [t("accounts.emails.passwordReset.requested"), t("accounts.emails.passwordReset.ignore")],
      action: { label: t("accounts.emails.passwordReset.action"), url },
      language,
    }),
  };
}

export function profileApprovedEmail({ to, name, url, language }: Recipient & { url: string }): OutgoingEmail {
  const t = translator(language);
  return {
    kind: "profile_approved",
    to,
    ...renderLayout({
      subject: t("accounts.emails.approved.subject", { product }),
      greeting: t("accounts.emails.greeting", { name }),
      paragraphs: [t("accounts.emails.approved.body", { product })],
      action: { label: t("accounts.emails.approved.action"), url },
      language,
    }),
  };
}

export function adminInvitationEmail({
  to,
  url,
  invitedBy,
  language,
}: {
  to: string;
  url: string;
  invitedBy: string;
  language: Language;
}): OutgoingEmail {
  const t = translator(language);
  return {
    kind: "admin_invitation",
    to,
    ...renderLayout({
      subject: t("accounts.emails.invitation.subject", { product }),
      greeting: t("accounts.emails.greetingNoName"),
      paragraphs: [t("accounts.emails.invitation.body", { invitedBy, product }), t("accounts.emails.invitation.validity")],
      action: { label: t("accounts.emails.invitation.action"), url },
      language,
    }),
  };
}

export function signInUnlockEmail({ to, name, url, language }: Recipient & { url: string }): OutgoingEmail {
  const t = translator(language);
  return {
    kind: "sign_in_unlock",
    to,
    ...renderLayout({
      subject: t("accounts.emails.unlock.subject", { product }),
      greeting: t("accounts.emails.greeting", { name }),
      paragraphs: [
        t("accounts.emails.unlock.locked", { product }),
        t("accounts.emails.unlock.ifYou"),
        t("accounts.emails.unlock.ifNotYou"),
      ],
      action: { label: t("accounts.emails.unlock.action"), url },
      language,
    }),
  };
}

/**
 * To an account's owner when someone signs up with their address: the sign-up itself answers as for
 * a new address (no enumeration), so the owner learns of it here. Only the stored name is used,
 * never what the sign-up typed.
 */
export function signUpAttemptEmail({ to, name, url, language }: Recipient & { url: string }): OutgoingEmail {
  const t = translator(language);
  return {
    kind: "staff_sign_up_attempt",
    to,
    ...renderLayout({
      subject: t("accounts.emails.signUpAttempt.subject", { product }),
      greeting: t("accounts.emails.greeting", { name }),
      paragraphs: [
        t("accounts.emails.signUpAttempt.tried", { product }),
        t("accounts.emails.signUpAttempt.ifYou"),
        t("accounts.emails.signUpAttempt.ifNotYou"),
      ],
      action: { label: t("accounts.emails.signUpAttempt.action"), url },
      language,
    }),
  };
}
