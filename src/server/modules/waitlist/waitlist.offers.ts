/**
 * Offering freed spots to the waiting list (issue 19; ADR 017). Whatever frees a spot (a
 * cancellation, a move, a staff deletion, a capacity raised, a slot added, an offer declined or
 * expired) calls `offerFreedSpots` in its own transaction, after the change. Per slot, in id order:
 * the slot row is locked (FOR NO KEY UPDATE), its room read (capacity − registrations − held offers), and
 * that many of the first waiting entries offered, oldest first (locked in that order, an entry held
 * a moment by its owner waited for, never skipped). The slot's lock serialises every
 * offer of that slot, so two spots freed at once go to the first two, and a spot is never offered
 * twice: an offer raises held_count (a trigger), which the next reader of the slot sees.
 */
import type { Config } from "../../config";
import type { Db, DbOrTx } from "../../db/client";
import { newSecretToken } from "../../lib/tokens";
import { enqueueEmails, type OutgoingEmail } from "../../mail/outbox";
import { offerEmail } from "./waitlist.emails";
import { recordWebhookEvents } from "../webhooks/webhooks.events";
import { clampOfferExpiries, expireDueOffers, lockLineInOrder, lockSlot, markOffered } from "./waitlist.offers.repository";

export type OfferConfig = Pick<Config, "publicUrl" | "waitlistHoldHours" | "authSecret">;

export interface OfferOptions {
  now?: Date;
  /**
   * New slots have no line of their own: their spots go to the event's line (anyone waiting in the
   * event, oldest first), each entry moved to the new slot with its offer.
   */
  eventWide?: boolean;
  /** Staff offering a spot by hand: this entry goes first, out of turn. */
  first?: string;
}

/**
 * Offers every free spot of these slots to the next in line; returns how many were offered. A slot
 * that has started offers nothing (nobody could come in time), and a hold never outlasts the start
 * of its slot: it expires then, or after WAITLIST_HOLD_HOURS, whichever comes first.
 */
export async function offerFreedSpots(
  tx: DbOrTx,
  config: OfferConfig,
  timeslotIds: Iterable<string>,
  { now = new Date(), eventWide = false, first }: OfferOptions = {},
): Promise<number> {
  let offered = 0;
  for (const slotId of [...new Set(timeslotIds)].sort()) {
    const slot = await lockSlot(slotId, tx);
    if (!slot || !slot.active || slot.room <= 0 || slot.startsAtMs <= now.getTime()) continue;
    const line = await lockLineInOrder({ slotId: slot.id, eventId: eventWide ? slot.eventId : undefined, first }, slot.room, tx);
    if (line.length === 0) continue;
    const expiresAt = new Date(Math.min(now.getTime() + config.waitlistHoldHours * 3_600_000, slot.startsAtMs));
    const emails: OutgoingEmail[] = [];
    for (const entry of line) {
      const { token, hash } = newSecretToken();
      await markOffered(entry.id, { timeslotId: slot.id, offerTokenHash: hash, offeredAt: now, offerExpiresAt: expiresAt }, tx);
      emails.push(
        offerEmail(
          config as Config,
          { ...entry, event: slot, timeslot: { startTime: slot.startTime, endTime: slot.endTime } },
          token,
          expiresAt,
        ),
      );
    }
    await enqueueEmails(tx, emails);
    await recordWebhookEvents(
      tx,
      "waitlist.offered",
      line.map((entry) => ({
        subjectId: entry.id,
        data: { waitlistEntryId: entry.id, eventId: slot.eventId, timeslotId: slot.id, expiresAt: expiresAt.toISOString() },
      })),
    );
    offered += line.length;
  }
  return offered;
}

/**
 * A slot moved earlier (an event edit): the offers it holds expire at its new start at the latest.
 */
export async function clampOffersToStart(tx: DbOrTx, timeslotIds: string[]): Promise<void> {
  if (timeslotIds.length === 0) return;
  await clampOfferExpiries(timeslotIds, tx);
}

/**
 * Offers past their hold expire, and their spots go to the next in line: a batch of due offers,
 * claimed with SKIP LOCKED (any number of processes may run this), in one transaction.
 */
export async function expireOffers(db: Db, config: OfferConfig, now = new Date(), batch = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const freed = await expireDueOffers(now, batch, tx);
    if (freed.length === 0) return 0;
    await offerFreedSpots(tx, config, freed, { now });
    return freed.length;
  });
}
