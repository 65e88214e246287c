/**
 * Writing one registration: the registration and its verification e-mail in one statement, the
 * statement run again on a fresh connection when the database drops it, and a registration code
 * drawn again when it is taken. Capacity and duplicates are decided by the statement
 * (public.repository.ts insertRegistration); this file turns its refusals into the API's errors.
 */
import { randomUUID } from "node:crypto";
import { formatTime } from "@common/dates";
import { currentLanguage } from "@common/i18n";
import { ageToday } from "@common/registrant/normalize";
import type { PublicRegistration } from "@common/schemas/registration";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import {
  isConnectionError,
  neverSent,
  pgConstraint,
  pgErrorCode,
  PG_CHECK_VIOLATION,
  PG_UNIQUE_VIOLATION,
} from "../../db/client";
import { AppError } from "../../errors";
import { newSecretToken } from "../../lib/tokens";
import { manageUrl, registrationToken } from "../../lib/registration-links";
import { newOutboxRow, type NewOutboxRow } from "../../mail/outbox";
import { guardianRequestEmail } from "../privacy/privacy.emails";
import { verificationEmail } from "./public.emails";
import { photoErrors } from "../photos/photos.errors";
import { publicErrors } from "./public.errors";
import type { RegistrationConsentValues } from "./public.consent";
import { TIMESLOT_CAPACITY, type InsertOutcome, type NewRegistrationValues, type PublicRepository } from "./public.repository";
import { newRegistrationCode } from "./registration-code.generator";

const EMAIL_UNIQUE_INDEX = "model_registrations_event_email_uq";
const CODE_UNIQUE = "model_registrations_registration_code_unique";
const CODE_ATTEMPTS = 5;
/** What the registration's statement raises when one of its photos was claimed meanwhile (migration 0006). */
const PHOTOS_CLAIMABLE = "photos_claimable";

/** How long a registration waits for a database that dropped its statement to answer again. */
const REGISTRATION_RETRY_MS = 8000;

export interface RegistrationResult {
  registrationCode: string;
  successToken: string;
  verificationEmailQueued: boolean;
}

export interface EventAndSlot {
  event: { eventName: string; eventDate: string; location: string };
  slot: { startTime: string; endTime: string };
}

export const slotTimes = (slot: { startTime: string; endTime: string } | null) =>
  slot ? { startTime: formatTime(slot.startTime), endTime: formatTime(slot.endTime) } : null;

export const verifyUrl = (config: Config, token: string) => `${config.publicUrl}/verify/${token}`;

/** The page where a minor's guardian approves or refuses the registration (issue 18). */
export const guardianUrl = (config: Config, registrationId: string) =>
  `${config.publicUrl}/guardian?t=${registrationToken(config, "guardian", registrationId)}`;

/** A failed registration statement's reason, when it is the registration's own. */
export function registrationRefusal(error: unknown): "duplicate" | "full" | "code_taken" | "photo_taken" | undefined {
  const code = pgErrorCode(error);
  const constraint = pgConstraint(error);
  if (code === PG_UNIQUE_VIOLATION && constraint === EMAIL_UNIQUE_INDEX) return "duplicate";
  if (code === PG_UNIQUE_VIOLATION && constraint === CODE_UNIQUE) return "code_taken";
  if (code === PG_CHECK_VIOLATION && constraint === TIMESLOT_CAPACITY) return "full";
  if (code === PG_CHECK_VIOLATION && constraint === PHOTOS_CLAIMABLE) return "photo_taken";
  return undefined;
}

/** A new registration's row, with its fresh code and tokens (the tokens' secrets for the replies). */
export function newRegistration(eventId: string, input: PublicRegistration, consent: RegistrationConsentValues, config: Config) {
  const verification = newSecretToken();
  const success = newSecretToken();
  const {
    website: _honeypot,
    privacyNoticeVersion: _version,
    consentDataProcessing: _data,
    consentPhotoScouting: _photos,
    consentClientSharing: _clientSharing,
    guardianName: _guardianName,
    guardianEmail: _guardianEmail,
    source,
    ...fields
  } = input;
  const values: NewRegistrationValues = {
    ...fields,
    ...consent,
    id: randomUUID(),
    eventId,
    age: ageToday(input.dateOfBirth) ?? 0,
    registrationCode: newRegistrationCode(),
    emailVerificationTokenHash: verification.hash,
    emailVerificationExpiresAt: new Date(Date.now() + config.verificationTtlHours * 3_600_000),
    successTokenHash: success.hash,
    // The request's language (Accept-Language): the person's e-mails are written in it.
    language: currentLanguage(),
    source: source?.trim() || null,
  };
  return { values, verification, success };
}

/** The guardian's request e-mail of a minor's registration (issue 18); undefined for anyone else. */
export function guardianRequestRow(
  config: Config,
  values: Pick<NewRegistrationValues, "id" | "language" | "guardianStatus" | "guardianEmail" | "guardianName">,
  minorName: string,
  event: Pick<EventAndSlot["event"], "eventName" | "eventDate" | "location">,
  slot: { startTime: string; endTime: string } | null,
) {
  if (values.guardianStatus !== "pending" || !values.guardianEmail || !values.guardianName) return undefined;
  return newOutboxRow({
    kind: "guardian_request",
    to: values.guardianEmail,
    ...guardianRequestEmail(values.language, {
      guardianName: values.guardianName,
      minorName,
      event,
      timeslot: slotTimes(slot),
      url: guardianUrl(config, values.id),
    }),
  });
}

/** The verification e-mail, and a minor's guardian's request with it. */
type Mails = NewOutboxRow | NewOutboxRow[];

/** A new registration's e-mails: the verification (with the manage link), and a minor's guardian's request. */
export function registrationMails(
  config: Config,
  values: NewRegistrationValues,
  verificationToken: string,
  context: EventAndSlot,
): NewOutboxRow[] {
  const mail = newOutboxRow({
    kind: "registration_verification",
    to: values.email,
    ...verificationEmail(values.language, {
      fullName: values.fullName,
      registrationCode: values.registrationCode,
      event: context.event,
      timeslot: slotTimes(context.slot),
      verifyUrl: verifyUrl(config, verificationToken),
      ttlHours: config.verificationTtlHours,
      manageUrl: manageUrl(config, values.id),
      guardianPending: values.guardianStatus === "pending",
    }),
  });
  const guardianMail = guardianRequestRow(config, values, values.fullName, context.event, context.slot);
  return guardianMail ? [mail, guardianMail] : [mail];
}

function refuseUnlessCreated(outcome: InsertOutcome): void {
  if ("created" in outcome) return;
  throw outcome.refused === "timeslot_full" ? publicErrors.timeslotFull() : publicErrors.eventNotFound(); // made inactive meanwhile
}

export function createRegistrationWriter({ repo, config }: { repo: PublicRepository; config: Config }) {
  /**
   * One attempt: the registration and its verification e-mail in one statement (the database
   * enforces the slot's capacity: public.repository.ts insertRegistration). If that statement fails
   * for any reason of the registration's own (duplicate, full, code taken), the error goes up, and
   * so does a failed connection (the visitor is answered 503, nothing stored). Any other failure is
   * the e-mail's, and the registration is written again without it: it is kept, and the visitor
   * told (docs/product.md §8 'Registro enviado, pero falló…').
   */
  async function insertOnce(
    eventId: string,
    input: PublicRegistration,
    consent: RegistrationConsentValues,
    context: EventAndSlot,
    log: FastifyBaseLogger,
  ): Promise<RegistrationResult> {
    const { values, verification, success } = newRegistration(eventId, input, consent, config);
    const { registrationCode } = values;
    const result = { registrationCode, successToken: success.token, verificationEmailQueued: true };
    try {
      // A minor's guardian is asked in the same statement: the request exists exactly when the registration does.
      await insertUntilAnswered(values, registrationMails(config, values, verification.token, context), log);
      return result;
    } catch (error) {
      if (error instanceof AppError || registrationRefusal(error) || isConnectionError(error)) throw error;
      log.error({ err: error, kind: "registration_verification" }, "e-mail could not be queued; the registration is kept");
    }
    refuseUnlessCreated(await repo.insertRegistration(values, null));
    return { ...result, verificationEmailQueued: false };
  }

  /**
   * The registration's statement, until the database answers it. When its connection fails, the
   * statement may or may not have run (answers of committed statements are lost with the socket):
   * it runs again, on a new connection, with the same values, so that if the first one committed,
   * the next meets it (the same e-mail, code and tokens) and the registration, found by its success
   * token, is the answer, with its e-mail, written by the same statement. A visitor is answered 503
   * (the connection error goes up) when no attempt reached the database, after one retry: nothing
   * is stored. Past REGISTRATION_RETRY_MS the answer is 503 whatever the database did: an attempt
   * that reached it may have stored the registration, and then its e-mail too (ADR 007).
   */
  async function insertUntilAnswered(values: NewRegistrationValues, mail: Mails, log: FastifyBaseLogger): Promise<void> {
    const deadline = Date.now() + REGISTRATION_RETRY_MS;
    let maybeStored = false;
    for (let attempt = 1; ; attempt++) {
      try {
        try {
          return refuseUnlessCreated(await repo.insertRegistration(values, mail));
        } catch (error) {
          if (maybeStored && !isConnectionError(error) && (await repo.findBySuccessTokenHash(values.successTokenHash))) return;
          throw error;
        }
      } catch (error) {
        if (!isConnectionError(error)) throw error;
        maybeStored ||= !neverSent(error);
        if ((attempt > 1 && !maybeStored) || Date.now() >= deadline) throw error;
        log.warn({ err: error, attempt }, "registration: the database connection failed; running the statement again");
        await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
      }
    }
  }

  /** Writes the registration, drawing a new code while the drawn one is taken. */
  async function write(
    eventId: string,
    input: PublicRegistration,
    consent: RegistrationConsentValues,
    context: EventAndSlot,
    log: FastifyBaseLogger,
  ): Promise<RegistrationResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await insertOnce(eventId, input, consent, context, log);
      } catch (error) {
        const refusal = registrationRefusal(error);
        if (refusal === "duplicate") throw publicErrors.duplicate();
        if (refusal === "full") throw publicErrors.timeslotFull();
        if (refusal === "photo_taken") throw photoErrors.taken();
        if (refusal === "code_taken" && attempt < CODE_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  return { write };
}
