/**
 * Erasure (issue 18, ADR 016): a person's registration and everything that names them, in one
 * transaction. The row goes (its photos with it: their files are queued in storage_deletions by the
 * photos' trigger and removed by the storage sweeper; its panel scores, notes and tags by cascade;
 * its private links, derived from the id, open nothing any more). The e-mails sent to them, or to
 * their guardian about them, keep their rows with the address, subject and bodies blanked, and
 * campaign recipients keep theirs (status, times) without the address or name: every count still
 * adds up. A live registration's spot, and any spot an offer to them held, goes to the waiting list
 * in the same transaction (issue 19). Final, and recorded in the audit trail (ids only).
 *
 * A staff deletion (registrations.service.ts) removes the registration the same way
 * (`removeRegistration`): nothing of the person is left where an erasure could no longer find it;
 * the registrations it made in callbacks (issue 36) are registrations of their own, which a staff
 * deletion leaves and an erasure takes.
 */
import type { DbOrTx } from "../../db/client";
import { recordAudit, type AuditContext } from "../audit/audit.record";
import { callbackRegistrationsOf } from "../callbacks/callbacks.repository";
import { offerFreedSpots, type OfferConfig } from "../waitlist/waitlist.offers";
import { deleteRegistration, deleteWaitlistEntriesOf, lockRegistrationToErase } from "./privacy.erase.repository";
import { blankPersonalMail } from "./privacy.mail";

export type ErasedBy = "registrant" | "staff" | "retention";

/** What erasing needs of the configuration: the waiting list's offers, and the links' key. */
export type EraseConfig = OfferConfig;

/**
 * Removes a registration and the copies of its person's data (mail, campaign recipients, waiting-list
 * entries: in its event, or `everywhere` for an erasure, since each holds the person's fields and
 * photos), then offers what that freed to the waiting list. Undefined when there is no such row.
 */
export async function removeRegistration(
  tx: DbOrTx,
  config: EraseConfig,
  registrationId: string,
  { now = new Date(), everywhere = false }: { now?: Date; everywhere?: boolean } = {},
): Promise<{ eventId: string } | undefined> {
  const row = await lockRegistrationToErase(registrationId, tx);
  if (!row) return undefined;
  // The callbacks' registrations its invitations' answers made (issue 36) are copies of its person's
  // data and photos: an erasure takes them too. (Its invitations go with it, by cascade.)
  if (everywhere) {
    for (const copy of await callbackRegistrationsOf(registrationId, tx))
      await removeRegistration(tx, config, copy, { now, everywhere });
  }
  // The person's own entries only (a guardian's place in a line is the guardian's). An entry's
  // photos go with it (cascade), their files queued like the registration's. First, so that the
  // mail below knows what of the address is left.
  const entries = await deleteWaitlistEntriesOf(row, everywhere, tx);
  await blankPersonalMail(tx, config, row, now);
  await deleteRegistration(registrationId, tx);
  const freed = [
    ...(row.status === "cancelled" ? [] : [row.timeslotId]),
    ...entries.filter((entry) => entry.status === "offered").map((entry) => entry.timeslotId),
  ];
  if (freed.length > 0) await offerFreedSpots(tx, config, freed, { now });
  return row;
}

/**
 * Erases one registration; false when there is none of that id (erased already, or never was).
 * Runs in `tx`, the caller's transaction.
 */
export async function eraseRegistration(
  tx: DbOrTx,
  config: EraseConfig,
  registrationId: string,
  by: ErasedBy,
  audit: AuditContext,
  now?: Date,
): Promise<boolean> {
  const row = await removeRegistration(tx, config, registrationId, { everywhere: true, ...(now ? { now } : {}) });
  if (!row) return false;
  await recordAudit(tx, {
    ...audit,
    action: by === "retention" ? "retention.erase" : "registration.erase",
    registrationId,
    eventId: row.eventId,
    details: { by },
    ...(now ? { at: now } : {}),
  });
  return true;
}
