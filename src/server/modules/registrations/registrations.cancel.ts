/**
 * Giving a registration's spot up (status 'cancelled', migration 0008): the row stays for staff
 * ('Cancelada'), out of the slot's count (the database's triggers free the spot in the same
 * statement) and out of the e-mail's uniqueness (the person may register again). Whoever cancels
 * (the person from their manage link, a guardian's refusal, staff) goes through here, so that what
 * follows a freed spot happens in the same transaction: the person's calendar entry is cancelled
 * (an e-mail with METHOD:CANCEL) and the spot is offered to the slot's waiting list (issue 19).
 */
import { recordWebhookEvent } from "../webhooks/webhooks.events";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { DbOrTx } from "../../db/client";
import { modelRegistrations } from "../../db/schema";
import { enqueueEmail } from "../../mail/outbox";
import { offerFreedSpots } from "../waitlist/waitlist.offers";
import { findNoticeRow, registrantNotice } from "./registrations.notices";

export type CancelledBy = "registrant" | "guardian" | "staff";

export type CancelConfig = Pick<Config, "publicUrl" | "authSecret" | "waitlistHoldHours" | "mailFrom">;

export interface CancelledRegistration {
  id: string;
  eventId: string;
  timeslotId: string;
}

/**
 * Cancels a live registration; undefined when there is none of that id or it is already cancelled
 * (a second click, a race with another cancel: one of them cancels, the other is told nothing changed).
 */
export async function cancelRegistration(
  tx: DbOrTx,
  config: CancelConfig,
  registrationId: string,
  by: CancelledBy,
  now: Date = new Date(),
): Promise<CancelledRegistration | undefined> {
  const [row] = await tx
    .update(modelRegistrations)
    // A cancellation is a new revision of the calendar entry too (RFC 5546): SEQUENCE + 1.
    .set({ status: "cancelled", cancelledAt: now, icsSequence: sql`${modelRegistrations.icsSequence} + 1` })
    .where(and(eq(modelRegistrations.id, registrationId), ne(modelRegistrations.status, "cancelled")))
    .returning({ id: modelRegistrations.id, eventId: modelRegistrations.eventId, timeslotId: modelRegistrations.timeslotId });
  if (!row) return undefined;
  await recordWebhookEvent(tx, {
    type: "registration.cancelled",
    subjectId: row.id,
    data: { registrationId: row.id, eventId: row.eventId, by },
  });
  const notice = await findNoticeRow(tx, row.id);
  if (notice) await enqueueEmail(tx, registrantNotice(config, "cancelled", notice));
  await offerFreedSpots(tx, config, [row.timeslotId], { now });
  return row;
}
