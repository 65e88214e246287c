/**
 * The waiting list (issue 19; ADR 017): joining a slot's line (waitlist.join.ts), the entry's page
 * (waitlist.entry.ts), and the staff's view, hand-made offers and removals (waitlist.staff.ts). Offers
 * themselves are made by waitlist.offers.ts, in the transaction that frees a spot.
 */
import type { PublicRegistration } from "@common/schemas/registration";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { AuditContext } from "../audit/audit.record";
import type { Db } from "../../db/client";
import { createTimeslotsRepository } from "../events/timeslots.repository";
import { createPublicRepository } from "../public/public.repository";
import { createPublicService } from "../public/public.service";
import { acceptOffer, confirmEntry, declineOffer } from "./waitlist.entry";
import { joinWaitlist, type WaitlistDeps } from "./waitlist.join";
import { createWaitlistRepository } from "./waitlist.repository";
import { listWaitlist, offerByHand, removeFromLine } from "./waitlist.staff";

export function createWaitlistService({ db, config }: { db: Db; config: Config }) {
  const deps: WaitlistDeps = {
    db,
    config,
    repo: createWaitlistRepository(db),
    publicRepo: createPublicRepository(db),
    publicService: createPublicService({ db, config }),
    timeslotsRepo: createTimeslotsRepository(db),
  };
  return {
    join: (eventId: string, input: PublicRegistration, log: FastifyBaseLogger, now?: Date) =>
      joinWaitlist(deps, eventId, input, log, now),
    confirm: (token: string) => confirmEntry(deps, token),
    accept: (token: string) => acceptOffer(deps, token),
    decline: (token: string) => declineOffer(deps, token),
    listForEvent: (eventId: string) => listWaitlist(deps, eventId),
    offerByHand: (eventId: string, entryId: string) => offerByHand(deps, eventId, entryId),
    removeFromLine: (eventId: string, entryId: string, audit: AuditContext) => removeFromLine(deps, eventId, entryId, audit),
  };
}
