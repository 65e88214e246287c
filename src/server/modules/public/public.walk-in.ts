/**
 * Walk-ins (issue 35; docs/product.md "Walk-ins"): a person at the door scans the poster's QR code,
 * fills in the same form with the same rules (consent, guardian, photos as the event asks), and is
 * registered and checked in at once: the arrival's trigger gives the next number in the day's line.
 * Only with the poster's token for this event, walk-ins on, on the event's day (Buenos Aires), under
 * the day's cap. The walk-ins of an event are written one at a time under its row's lock (counted
 * after the lock, in a fresh snapshot), so concurrent ones never pass the cap. A walk-in takes a
 * free spot (ADR 007 holds: a slot never holds more than its capacity) in the slot running now, else
 * the nearest one of the day with room. A 16- or 17-year-old whose guardian has not approved is
 * registered but not let in: the guardian's approval on the event's day checks them in
 * (`admitApprovedWalkIn`).
 */
import { minutesOfTime, todayIso, wallClockMinutes } from "@common/dates";
import type { WalkInRegistration } from "@common/schemas/registration";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db, Tx } from "../../db/client";
import { isWalkInToken, registrationToken } from "../../lib/registration-links";
import { enqueueOutboxRow, type NewOutboxRow } from "../../mail/outbox";
import { recordAudit } from "../audit/audit.record";
import { photoErrors } from "../photos/photos.errors";
import { recordWebhookEvent } from "../webhooks/webhooks.events";
import { publicErrors, walkInErrors } from "./public.errors";
import {
  newRegistration,
  registrationMails,
  registrationRefusal,
  type EventAndSlot,
  type RegistrationResult,
} from "./public.registration";
import type { RegistrationConsentValues } from "./public.consent";
import { admitWalkIn, createWalkInsRepository, type WalkInsRepository } from "./public.walk-in.repository";

const CODE_ATTEMPTS = 5;

interface Slot {
  id: string;
  startTime: string;
  endTime: string;
}

/**
 * The slots in the order a walk-in arriving at `clock` (minutes of the agency's day) takes them: the
 * one running now, then the nearest (one about to start before one long ended), then by start time.
 */
export function walkInSlotOrder<T extends Slot>(slots: readonly T[], clock: number): T[] {
  const distance = (slot: T) => {
    const start = minutesOfTime(slot.startTime);
    const end = minutesOfTime(slot.endTime);
    if (start <= clock && clock < end) return 0;
    return clock < start ? start - clock : clock - end;
  };
  const ended = (slot: T) => (minutesOfTime(slot.endTime) <= clock ? 1 : 0);
  return [...slots].sort(
    (a, b) =>
      distance(a) - distance(b) || ended(a) - ended(b) || a.startTime.localeCompare(b.startTime) || a.id.localeCompare(b.id),
  );
}

type WalkInEvent = { status: string; kind: string; eventDate: string; enabled: boolean; dailyCap: number | null } | undefined;

/** Walk-ins on, the event public (active, an open call: a callback takes none) and today its day. */
const openOn = (event: WalkInEvent, day: string): event is NonNullable<WalkInEvent> =>
  event !== undefined && event.status === "active" && event.kind === "open" && event.enabled && event.eventDate === day;

export type WalkInResult = RegistrationResult & { queue: { number: number; token: string } | null };

/** The arrival's audit row and webhook event of a walk-in let in by the poster's form or the guardian's approval. */
async function recordAdmission(tx: Tx, registrationId: string, eventId: string, at: Date): Promise<void> {
  // The person let themself in: no staff actor, and their address is not kept.
  await recordAudit(tx, {
    actor: null,
    ip: null,
    action: "registration.check_in",
    registrationId,
    eventId,
    details: { walkIn: true },
    at,
  });
  await recordWebhookEvent(tx, {
    type: "checkin.created",
    subjectId: registrationId,
    data: { registrationId, eventId, checkedInAt: at.toISOString() },
  });
}

/**
 * A minor walk-in's guardian approved (in `tx`, the approval's): the person is checked in now, and
 * numbered, when it is still the event's day and they have not arrived. True when let in.
 */
export async function admitApprovedWalkIn(tx: Tx, registrationId: string, now: Date): Promise<boolean> {
  const eventId = await admitWalkIn(registrationId, now, todayIso(now), tx);
  if (eventId === undefined) return false;
  await recordAdmission(tx, registrationId, eventId, now);
  return true;
}

/** The slot the walk-in takes, locked with room in it; 409 walk_ins_full when no slot of the day has any. */
async function takeSlot(repo: WalkInsRepository, tx: Tx, eventId: string, now: Date): Promise<Slot> {
  const candidates = walkInSlotOrder(await repo.slotsWithRoom(eventId, tx), wallClockMinutes(now));
  for (const slot of candidates) if (await repo.lockIfRoom(slot.id, tx)) return slot;
  throw walkInErrors.full();
}

/** One attempt, in one transaction: the checks under the event's lock, the registration, its arrival. */
async function write(
  { repo, config }: { repo: WalkInsRepository; config: Config },
  tx: Tx,
  eventId: string,
  input: Omit<WalkInRegistration, "walkIn">,
  consent: RegistrationConsentValues,
  event: EventAndSlot["event"],
  log: FastifyBaseLogger,
  now: Date,
): Promise<WalkInResult> {
  const day = todayIso(now);
  const settings = await repo.lockEvent(eventId, tx);
  if (!openOn(settings, day)) throw walkInErrors.closed();
  if (settings.dailyCap !== null && (await repo.countOnDay(eventId, day, tx)) >= settings.dailyCap) throw walkInErrors.full();
  const slot = await takeSlot(repo, tx, eventId, now);
  const { values, verification, success } = newRegistration(eventId, { ...input, timeslotId: slot.id }, consent, config);
  // Minors are never let in without the guardian's approval: registered now, checked in on it.
  const admitted = values.guardianStatus !== "pending";
  const { photos, ...row } = values;
  await repo.insert({ ...row, walkIn: true, ...(admitted ? { attended: true, attendedAt: now } : {}) }, tx);
  const wanted = Object.values(photos ?? {}).filter(Boolean).length;
  if (wanted > 0 && (await repo.claimPhotos(values.id, eventId, photos!, tx)) < wanted) throw photoErrors.taken();
  let mails: NewOutboxRow[] = [];
  try {
    mails = registrationMails(config, values, verification.token, { event, slot });
  } catch (error) {
    log.error(
      { err: error, kind: "registration_verification" },
      "walk-in: e-mail could not be written; the registration is kept",
    );
  }
  for (const mail of mails) await enqueueOutboxRow(tx, mail);
  await recordWebhookEvent(tx, {
    type: "registration.created",
    subjectId: values.id,
    data: { registrationId: values.id, eventId, timeslotId: slot.id, source: values.source ?? null },
  });
  if (admitted) await recordAdmission(tx, values.id, eventId, now);
  const number = admitted ? await repo.queueNumber(values.id, tx) : null;
  log.info({ eventId, registrationId: values.id, admitted, number }, "walk-in registered");
  return {
    registrationCode: values.registrationCode,
    successToken: success.token,
    verificationEmailQueued: mails.length > 0,
    // The check-in link's token, not the manage link's: following the line needs no more.
    queue: number === null ? null : { number, token: registrationToken(config, "check-in", values.id) },
  };
}

export function createWalkIns({ db, config }: { db: Db; config: Config }) {
  const repo = createWalkInsRepository(db);

  return {
    /** Whether the event takes walk-ins today (the public event's `walkIns`). */
    async today(eventId: string, now = new Date()): Promise<{ open: boolean }> {
      const day = todayIso(now);
      const settings = await repo.readEvent(eventId);
      if (!openOn(settings, day)) return { open: false };
      if (settings.dailyCap !== null && (await repo.countOnDay(eventId, day)) >= settings.dailyCap) return { open: false };
      return { open: (await repo.slotsWithRoom(eventId)).length > 0 };
    },

    /**
     * Registers and checks in a walk-in whose consent and photos the caller checked against the event
     * (public.service.ts, as for any registration). 409 walk_ins_closed for a token not of this
     * event's poster or walk-ins not open today, 409 walk_ins_full past the cap or the day's room,
     * 409 duplicate_registration; a taken registration code is drawn again.
     */
    async register(
      eventId: string,
      input: WalkInRegistration,
      consent: RegistrationConsentValues,
      event: EventAndSlot["event"],
      log: FastifyBaseLogger,
      now = new Date(),
    ): Promise<WalkInResult> {
      const { walkIn: token, ...fields } = input;
      if (!isWalkInToken(config, eventId, token)) throw walkInErrors.closed();
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.transaction((tx) => write({ repo, config }, tx, eventId, fields, consent, event, log, now));
        } catch (error) {
          const refusal = registrationRefusal(error);
          if (refusal === "duplicate") throw publicErrors.duplicate();
          // The trigger's last word on a slot filled in between (the slot was locked: not expected).
          if (refusal === "full") throw walkInErrors.full();
          if (refusal === "code_taken" && attempt < CODE_ATTEMPTS) continue;
          throw error;
        }
      }
    },
  };
}

export type WalkIns = ReturnType<typeof createWalkIns>;
