/**
 * The verification link: the first use marks the e-mail verified and queues the confirmation
 * e-mail, in one transaction with the registration's row locked, so two clicks verify once. The
 * reply says where the registration stands (issue 32): a minor still waiting for the guardian is
 * not confirmed, and a cancelled registration (a guardian's refusal among them) stays cancelled.
 */
import { recordWebhookEvent } from "../webhooks/webhooks.events";
import { registrationState, type RegistrationState } from "@common/registration-state";
import { toRegistrationSheet, type RegistrationSheetData } from "@common/schemas/registration-sheet";
import type { RegistrantValues } from "@common/registrant/fields";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { sha256 } from "../../lib/tokens";
import { enqueueEmail, type OutgoingEmail } from "../../mail/outbox";
import { checkInUrl } from "../../lib/registration-links";
import { confirmationMessage } from "./public.confirmation";
import { publicErrors } from "./public.errors";
import { slotTimes, verifyUrl } from "./public.registration";
import type { PublicRepository } from "./public.repository";

export type VerifyOutcome = "verified" | "already_verified";

/** What `db.transaction` hands its callback (client.ts's `Tx` lacks the schema's relations). */
type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * How long after its verification a link still shows the whole registration sheet (a reload, a
 * failed PDF download). Later uses answer only the outcome and the code: a forwarded or leaked
 * e-mail does not hand out the person's data for ever (issue 15).
 */
export const SHEET_AFTER_VERIFICATION_MS = 30 * 60 * 1000;

export interface VerifyResult {
  outcome: VerifyOutcome;
  registrationCode: string;
  state: RegistrationState;
  registration?: RegistrationSheetData<RegistrantValues> & { status: "pending" | "confirmed" };
}

export function createVerification({ db, repo, config }: { db: Db; repo: PublicRepository; config: Config }) {
  /**
   * Queues an e-mail inside a savepoint: if it cannot be queued, the change that caused it is kept
   * (docs/product.md §8 'Registro enviado, pero falló…') and the caller is told.
   */
  async function queueInSavepoint(tx: Transaction, email: OutgoingEmail, log: FastifyBaseLogger): Promise<boolean> {
    try {
      await tx.transaction(async (savepoint) => {
        await enqueueEmail(savepoint, email);
      });
      return true;
    } catch (error) {
      log.error({ err: error, kind: email.kind }, "e-mail could not be queued; the registration is kept");
      return false;
    }
  }

  async function verify(token: string, log: FastifyBaseLogger, now = new Date()): Promise<VerifyResult> {
    return db.transaction(async (tx) => {
      const found = await repo.findByVerificationTokenHash(sha256(token), { lock: true }, tx);
      if (!found) throw publicErrors.invalidToken();
      const { registration: r, event } = found;
      const timeslot = slotTimes(found.timeslot);
      let outcome: VerifyOutcome = "already_verified";
      if (!r.emailVerified) {
        if (!r.emailVerificationExpiresAt || r.emailVerificationExpiresAt < now) throw publicErrors.invalidToken();
        await repo.markVerified(r.id, now, tx);
        const data = { registrationId: r.id, eventId: r.eventId };
        await recordWebhookEvent(tx, { type: "registration.verified", subjectId: r.id, data });
        outcome = "verified";
        // A cancelled registration (by the person, staff or the guardian's refusal) gets no confirmation.
        if (r.status !== "cancelled") {
          const confirmation = await confirmationMessage(
            config,
            { ...r, emailVerified: true, status: "confirmed" },
            { event, timeslot },
            { button: verifyUrl(config, token) },
          );
          await queueInSavepoint(tx, confirmation, log);
        }
      }
      const state = registrationState({
        ...r,
        emailVerified: true,
        status: r.status === "cancelled" ? "cancelled" : "confirmed",
      });
      const verifiedAt = outcome === "verified" ? now : r.emailVerifiedAt;
      const live = state !== "cancelled" && state !== "guardian_refused";
      const showSheet = live && verifiedAt !== null && now.getTime() - verifiedAt.getTime() < SHEET_AFTER_VERIFICATION_MS;
      if (!showSheet) return { outcome, registrationCode: r.registrationCode, state };
      return {
        outcome,
        registrationCode: r.registrationCode,
        state,
        registration: { status: "confirmed" as const, ...toRegistrationSheet(r, event, timeslot, checkInUrl(config, r.id)) },
      };
    });
  }

  return { verify };
}
