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
import { pgErrorCode, PG_CHECK_VIOLATION, PG_UNIQUE_VIOLATION, type Db } from "../../db/client";
import { AppError, errors } from "../../errors";
import { newSecretToken, sha256 } from "../../lib/tokens";
import { enqueueEmail, newOutboxRow, type OutgoingEmail } from "../../mail/outbox";
import { recentlyRead } from "../../lib/recently-read";
import { confirmationEmail, verificationEmail } from "./public.emails";
import { createTimeslotsRepository } from "../events/timeslots.repository";
import { createPublicRepository, pgConstraint, TIMESLOT_CAPACITY, type InsertOutcome } from "./public.repository";
import { newRegistrationCode } from "./registration-code";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL_UNIQUE_INDEX = "model_registrations_event_email_uq";
const CODE_UNIQUE = "model_registrations_registration_code_unique";
const CODE_ATTEMPTS = 5;

/**
 * How long a rush reuses what the e-mail says about an event (name, date, place, slot times)
 * instead of reading it for every registration. Only the e-mail's wording can be this old: whether
 * the event is active, the slot its own, and has room is decided by the registration's statement.
 */
const REGISTRATION_CONTEXT_TTL_MS = 1000;

export const publicErrors = {
  eventNotFound: () => new AppError(404, "event_not_found", "The event does not exist or is not active."),
  duplicate: () => new AppError(409, "duplicate_registration", publicTexts.errors.duplicate),
  timeslotFull: () => new AppError(409, "timeslot_full", "The chosen time slot has no spots left."),
  invalidToken: () => new AppError(404, "invalid_token", publicTexts.verify.invalid),
};

/** A failed registration statement's reason, when it is the registration's own. */
function registrationRefusal(error: unknown): "duplicate" | "full" | "code_taken" | undefined {
  const code = pgErrorCode(error);
  const constraint = pgConstraint(error);
  if (code === PG_UNIQUE_VIOLATION && constraint === EMAIL_UNIQUE_INDEX) return "duplicate";
  if (code === PG_UNIQUE_VIOLATION && constraint === CODE_UNIQUE) return "code_taken";
  if (code === PG_CHECK_VIOLATION && constraint === TIMESLOT_CAPACITY) return "full";
  return undefined;
}

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
  const registrationContexts = recentlyRead((eventId: string) => repo.findRegistrationContext(eventId), REGISTRATION_CONTEXT_TTL_MS);

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
   * One attempt: the registration and its verification e-mail in one statement (the database
   * enforces the slot's capacity: public.repository.ts insertRegistration). If that statement fails
   * for any reason of the registration's own (duplicate, full, code taken), the error goes up; any
   * other failure is the e-mail's, and the registration is written again without it: it is kept,
   * and the visitor told (SPEC.md §8 'Registro enviado, pero falló…').
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
    const { website: _honeypot, ...fields } = input;
    const values = {
      ...fields,
      eventId,
      age: ageToday(input.dateOfBirth) ?? 0,
      registrationCode,
      emailVerificationTokenHash: verification.hash,
      emailVerificationExpiresAt: new Date(Date.now() + config.verificationTtlHours * 3_600_000),
      successTokenHash: success.hash,
    };
    const result = { registrationCode, successToken: success.token, verificationEmailQueued: true };
    try {
      const mail = newOutboxRow({
        kind: "registration_verification",
        to: input.email,
        ...verificationEmail({
          fullName: input.fullName,
          registrationCode,
          event: context.event,
          timeslot: slotTimes(context.slot),
          verifyUrl: verifyUrl(verification.token),
          ttlHours: config.verificationTtlHours,
        }),
      });
      refuseUnlessCreated(await repo.insertRegistration(values, mail));
      return result;
    } catch (error) {
      if (error instanceof AppError || registrationRefusal(error)) throw error;
      log.error({ err: error, kind: "registration_verification" }, "e-mail could not be queued; the registration is kept");
    }
    refuseUnlessCreated(await repo.insertRegistration(values, null));
    return { ...result, verificationEmailQueued: false };
  }

  function refuseUnlessCreated(outcome: InsertOutcome): void {
    if ("created" in outcome) return;
    throw outcome.refused === "timeslot_full" ? publicErrors.timeslotFull() : publicErrors.eventNotFound(); // made inactive meanwhile
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
    let context = await registrationContexts.get(eventId);
    // A slot added in the last moment is not in a remembered context yet: ask once more.
    if (context && !context.slots.has(input.timeslotId)) context = await registrationContexts.get(eventId, { fresh: true });
    if (!context) throw publicErrors.eventNotFound();
    const slot = context.slots.get(input.timeslotId);
    if (!slot) throw errors.validation({ timeslotId: publicTexts.errors.noTimeslot });
    // Duplicates, a full slot, an event closed meanwhile: the registration's statement decides.
    for (let attempt = 1; ; attempt++) {
      try {
        return await insertOnce(eventId, input, { event: context.event, slot }, log);
      } catch (error) {
        const refusal = registrationRefusal(error);
        if (refusal === "duplicate") throw publicErrors.duplicate();
        if (refusal === "full") throw publicErrors.timeslotFull();
        if (refusal === "code_taken" && attempt < CODE_ATTEMPTS) continue;
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
