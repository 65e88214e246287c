/**
 * The public visitor's operations: read an active event, register (capacity and duplicates hold
 * under concurrency), look up the success page, verify the e-mail.
 */
import { formatTime } from "@common/dates";
import { toRegistrationSheet, type RegistrationSheetData } from "@common/schemas/registration-sheet";
import { ageToday, type PublicRegistration } from "@common/schemas/registration";
import { publicTexts } from "@common/texts/public";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import { pgErrorCode, PG_UNIQUE_VIOLATION, type Db } from "../../db/client";
import { AppError, errors } from "../../errors";
import { newSecretToken, sha256 } from "../../lib/tokens";
import { enqueueEmail, type OutgoingEmail } from "../../mail/outbox";
import { confirmationEmail, verificationEmail } from "./public.emails";
import { createTimeslotsRepository } from "../events/timeslots.repository";
import { createPublicRepository, pgConstraint } from "./public.repository";
import { newRegistrationCode } from "./registration-code";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL_UNIQUE_INDEX = "model_registrations_event_email_uq";
const CODE_UNIQUE = "model_registrations_registration_code_unique";
const CODE_ATTEMPTS = 5;

export const publicErrors = {
  eventNotFound: () => new AppError(404, "event_not_found", "The event does not exist or is not active."),
  duplicate: () => new AppError(409, "duplicate_registration", publicTexts.errors.duplicate),
  timeslotFull: () => new AppError(409, "timeslot_full", "The chosen time slot has no spots left."),
  invalidToken: () => new AppError(404, "invalid_token", publicTexts.verify.invalid),
};

export interface RegistrationResult {
  registrationCode: string;
  successToken: string;
  verificationEmailQueued: boolean;
}

/** What `db.transaction` hands its callback (client.ts's `Tx` lacks the schema's relations). */
type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

interface EventAndSlot {
  event: { eventName: string; eventDate: string; location: string };
  slot: { startTime: string; endTime: string };
}

export type VerifyOutcome = "verified" | "already_verified";

const slotTimes = (slot: { startTime: string; endTime: string } | null) =>
  slot ? { startTime: formatTime(slot.startTime), endTime: formatTime(slot.endTime) } : null;

export function createPublicService({ db, config }: { db: Db; config: Config }) {
  const repo = createPublicRepository(db);
  const timeslotsRepo = createTimeslotsRepository(db);
  const verifyUrl = (token: string) => `${config.publicUrl}/verify/${token}`;

  async function getEvent(eventId: string) {
    if (!UUID.test(eventId)) throw publicErrors.eventNotFound();
    const event = await repo.findActiveEvent(eventId);
    if (!event) throw publicErrors.eventNotFound();
    const timeslots = (await timeslotsRepo.listByEvents([eventId])).get(eventId) ?? [];
    const { confirmationDetails: _hiddenUntilVerified, ...shown } = event;
    return {
      ...shown,
      // Picked: how many others registered is the staff's business, not the visitor's.
      timeslots: timeslots.map(({ id, startTime, endTime, capacity, availableSpots }) => ({ id, startTime, endTime, capacity, availableSpots })),
    };
  }

  /**
   * One attempt, in one transaction. The e-mail is queued first (in a savepoint: if it fails, the
   * registration goes on without it), then the slot row is locked and the registration inserted if
   * the slot has room. Every registration into this slot waits on that lock, so the capacity holds;
   * the lock is held for two round trips only (the insert and the commit), which is what makes a
   * rush on one event fast.
   */
  async function insertOnce(
    eventId: string,
    input: PublicRegistration,
    context: EventAndSlot,
    log: FastifyBaseLogger,
  ): Promise<RegistrationResult> {
    const verification = newSecretToken();
    const success = newSecretToken();
    const registrationCode = newRegistrationCode();
    const email = verificationEmail({
      fullName: input.fullName,
      registrationCode,
      event: context.event,
      timeslot: slotTimes(context.slot),
      verifyUrl: verifyUrl(verification.token),
      ttlHours: config.verificationTtlHours,
    });
    return db.transaction(async (tx) => {
      const verificationEmailQueued = await queueInSavepoint(
        tx,
        { kind: "registration_verification", to: input.email, ...email },
        log,
      );
      const slot = await repo.lockTimeslot(tx, eventId, input.timeslotId);
      if (!slot) throw publicErrors.eventNotFound(); // made inactive (or the slot removed) meanwhile
      const { website: _honeypot, ...fields } = input;
      const inserted = await repo.insertIfRoom(tx, slot.capacity, {
        ...fields,
        eventId,
        age: ageToday(input.dateOfBirth) ?? 0,
        registrationCode,
        emailVerificationTokenHash: verification.hash,
        emailVerificationExpiresAt: new Date(Date.now() + config.verificationTtlHours * 3_600_000),
        successTokenHash: success.hash,
      });
      if (!inserted) throw publicErrors.timeslotFull(); // rolls the queued e-mail back too
      return { registrationCode, successToken: success.token, verificationEmailQueued };
    });
  }

  /**
   * Queues an e-mail inside a savepoint: if it cannot be queued, the change that caused it is kept
   * (SPEC.md §8 'Registro enviado, pero falló…') and the caller is told.
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

  async function register(eventId: string, input: PublicRegistration, log: FastifyBaseLogger): Promise<RegistrationResult> {
    if (!UUID.test(eventId)) throw publicErrors.eventNotFound();
    // Honeypot filled: a bot. Answer like a success so it learns nothing; store nothing.
    if (input.website) {
      log.warn({ eventId }, "public registration honeypot filled; ignored");
      return { registrationCode: newRegistrationCode(), successToken: newSecretToken().token, verificationEmailQueued: true };
    }
    const context = await repo.precheckRegistration(eventId, input.timeslotId, input.email);
    if (!context) throw publicErrors.eventNotFound();
    if (!context.slot) throw errors.validation({ timeslotId: publicTexts.errors.noTimeslot });
    // A clear answer before taking the slot lock; the unique index is what guarantees it.
    if (context.emailTaken) throw publicErrors.duplicate();
    for (let attempt = 1; ; attempt++) {
      try {
        return await insertOnce(eventId, input, { event: context.event, slot: context.slot }, log);
      } catch (error) {
        if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
        const constraint = pgConstraint(error);
        if (constraint === EMAIL_UNIQUE_INDEX) throw publicErrors.duplicate();
        if (constraint === CODE_UNIQUE && attempt < CODE_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  async function registrationSuccess(successToken: string) {
    const row = successToken ? await repo.findBySuccessTokenHash(sha256(successToken)) : undefined;
    if (!row) throw publicErrors.invalidToken();
    return row;
  }

  async function verify(token: string, log: FastifyBaseLogger): Promise<{ outcome: VerifyOutcome; registration: RegistrationSheetData & { status: "pending" | "confirmed" } }> {
    return db.transaction(async (tx) => {
      const found = await repo.findByVerificationTokenHash(tx, sha256(token), { lock: true });
      if (!found) throw publicErrors.invalidToken();
      const { registration: r, event } = found;
      const timeslot = slotTimes(found.timeslot);
      let outcome: VerifyOutcome = "already_verified";
      if (!r.emailVerified) {
        if (!r.emailVerificationExpiresAt || r.emailVerificationExpiresAt.getTime() < Date.now()) throw publicErrors.invalidToken();
        await repo.markVerified(tx, r.id, new Date());
        outcome = "verified";
        const content = confirmationEmail({
          fullName: r.fullName,
          registrationCode: r.registrationCode,
          event,
          timeslot,
          verifyUrl: verifyUrl(token),
        });
        await queueInSavepoint(tx, { kind: "registration_confirmation", to: r.email, ...content }, log);
      }
      return {
        outcome,
        registration: { status: "confirmed" as const, ...toRegistrationSheet(r, event, timeslot) },
      };
    });
  }

  return { getEvent, register, registrationSuccess, verify };
}
