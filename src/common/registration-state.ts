/**
 * A registration's state as the person and staff read it (issue 32): one answer, from the stored
 * status, the e-mail's verification and a minor's guardian (issue 18), so the verify page, the
 * e-mails, the manage page, the staff list and the door cannot disagree. The stored `status` says
 * only whether the e-mail was verified (or the spot given up); a 16- or 17-year-old is confirmed
 * when the guardian has approved too.
 */
import type { GuardianStatus, RegistrationStatus } from "./constants";
import type { MessageId } from "./i18n";

export const REGISTRATION_STATES = [
  /** The e-mail is not verified yet (an adult, or a minor whose guardian has approved). */
  "awaiting_email",
  /** Neither the e-mail nor the guardian's approval. */
  "awaiting_email_and_guardian",
  /** The e-mail is verified; the guardian has not decided. */
  "awaiting_guardian",
  "confirmed",
  /** The guardian refused: the registration was cancelled by that refusal. */
  "guardian_refused",
  /** Given up by the person or staff. */
  "cancelled",
] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

export interface RegistrationStateInput {
  status: RegistrationStatus;
  emailVerified: boolean;
  guardianStatus: GuardianStatus;
}

export function registrationState({ status, emailVerified, guardianStatus }: RegistrationStateInput): RegistrationState {
  if (guardianStatus === "refused") return "guardian_refused";
  if (status === "cancelled") return "cancelled";
  const guardianMissing = guardianStatus === "pending";
  if (!emailVerified) return guardianMissing ? "awaiting_email_and_guardian" : "awaiting_email";
  return guardianMissing ? "awaiting_guardian" : "confirmed";
}

/** A minor whose guardian has not approved: never let in at the door but by an admin's recorded override. */
export function guardianStopsArrival(guardianStatus: GuardianStatus): guardianStatus is "pending" | "refused" {
  return guardianStatus === "pending" || guardianStatus === "refused";
}

/** A minor's approval is still missing (with the e-mail's verification or without). */
export function awaitsGuardian(state: RegistrationState): boolean {
  return state === "awaiting_guardian" || state === "awaiting_email_and_guardian";
}

/** What the person reads for each state (the manage page). */
export const PERSON_STATE_LABELS: Record<RegistrationState, MessageId> = {
  awaiting_email: "public.manage.status.pending",
  awaiting_email_and_guardian: "public.manage.status.awaitingEmailAndGuardian",
  awaiting_guardian: "public.manage.status.awaitingGuardian",
  confirmed: "public.manage.status.confirmed",
  guardian_refused: "public.manage.status.guardianRefused",
  cancelled: "public.manage.status.cancelled",
};

/** What staff read for each state (the registrations list's badge), and its colour. */
export const STAFF_STATE_BADGES: Record<RegistrationState, { label: MessageId; tone: "yellow" | "green" | "red" }> = {
  awaiting_email: { label: "registrations.row.status.pending", tone: "yellow" },
  awaiting_email_and_guardian: { label: "registrations.row.status.pending", tone: "yellow" },
  awaiting_guardian: { label: "privacy.guardian.badge", tone: "yellow" },
  confirmed: { label: "registrations.row.status.confirmed", tone: "green" },
  guardian_refused: { label: "registrations.row.status.guardianRefused", tone: "red" },
  cancelled: { label: "registrations.row.status.cancelled", tone: "red" },
};
