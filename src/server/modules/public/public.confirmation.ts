/**
 * The registrant's confirmation e-mail (issues 19, 20, 32): where the registration stands once the
 * e-mail is verified (by the link, by accepting a waiting-list offer) or once the guardian approves
 * a minor's, with the check-in QR code and the calendar invite. One builder for the three, so they
 * say the same: "confirmed" only when the registration is (`registrationState`); a minor still
 * waiting for the guardian is told what is missing, and the invite stays TENTATIVE until then.
 */
import { registrationState } from "@common/registration-state";
import { eq } from "drizzle-orm";
import type { Config } from "../../config";
import type { DbOrTx } from "../../db/client";
import { modelRegistrations, type ModelRegistrationRow } from "../../db/schema";
import { registrationInviteOf } from "../../lib/calendar";
import { checkInUrl, manageUrl } from "../../lib/registration-links";
import type { OutgoingEmail } from "../../mail/outbox";
import { checkInQrPng } from "../check-ins/check-ins.qr";
import { CHECK_IN_QR_CID, confirmationEmail } from "./public.emails";
import { slotTimes } from "./public.registration";
import { selectWithEvent } from "./public.repository";

export type ConfirmationConfig = Pick<Config, "publicUrl" | "authSecret" | "mailFrom">;

export type ConfirmedRegistration = Pick<
  ModelRegistrationRow,
  "id" | "email" | "fullName" | "language" | "registrationCode" | "icsSequence" | "status" | "emailVerified" | "guardianStatus"
>;

export interface ConfirmationContext {
  event: { eventName: string; eventDate: string; location: string; description?: string; confirmationDetails: string };
  /** HH:MM; null when the slot is unknown (no invite then). */
  timeslot: { startTime: string; endTime: string } | null;
}

/**
 * The message, its QR code and its invite. `button`: where the e-mail's button leads (the verify
 * link after a verification; the manage page otherwise). `guardianApproved`: the guardian's approval
 * is what confirms it now.
 */
export async function confirmationMessage(
  config: ConfirmationConfig,
  r: ConfirmedRegistration,
  { event, timeslot }: ConfirmationContext,
  options: { button?: string; guardianApproved?: boolean } = {},
): Promise<OutgoingEmail> {
  const link = manageUrl(config, r.id);
  const state = registrationState(r) === "awaiting_guardian" ? "awaiting_guardian" : "confirmed";
  const content = confirmationEmail(r.language, {
    fullName: r.fullName,
    registrationCode: r.registrationCode,
    event,
    timeslot,
    verifyUrl: options.button ?? link,
    manageUrl: link,
    checkInQr: true,
    state,
    guardianApproved: options.guardianApproved ?? false,
  });
  const qr = await checkInQrPng(checkInUrl(config, r.id));
  const attachments = [
    { filename: "check-in.png", contentType: "image/png", content: qr.toString("base64"), cid: CHECK_IN_QR_CID },
  ];
  const icalEvent = timeslot
    ? registrationInviteOf(config, r, { event, timeslot, manageUrl: link, tentative: state === "awaiting_guardian" })
    : undefined;
  return { kind: "registration_confirmation", to: r.email, ...content, attachments, ...(icalEvent ? { icalEvent } : {}) };
}

/** A registration with what its confirmation needs of its event and slot, or undefined. */
export async function findConfirmation(
  tx: DbOrTx,
  registrationId: string,
): Promise<{ registration: ModelRegistrationRow; context: ConfirmationContext } | undefined> {
  const [row] = await selectWithEvent(tx).where(eq(modelRegistrations.id, registrationId));
  return row && { registration: row.registration, context: { event: row.event, timeslot: slotTimes(row.timeslot) } };
}
