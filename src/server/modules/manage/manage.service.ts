/**
 * The registrant's own page (issue 19): the registration its manage link names (ADR 015), cancel it,
 * or move it to another slot of the same event with room. A move is one UPDATE of timeslot_id: the
 * slot triggers (ADR 007) count it out of the old slot and into the new one, refusing a full one, so
 * no spot is lost and none overbooked; the old slot's spot then goes to its waiting list, and the
 * person gets the updated calendar invite, in the same transaction.
 */
import type { GuardianStatus } from "@common/constants";
import { formatTime } from "@common/dates";
import { registrationState } from "@common/registration-state";
import type { ManageView } from "@common/schemas/self-service";
import type { Config } from "../../config";
import { pgConstraint, pgErrorCode, PG_CHECK_VIOLATION, PG_FOREIGN_KEY_VIOLATION, type Db, type DbOrTx } from "../../db/client";
import { checkInUrl, registrationIdFromToken } from "../../lib/registration-links";
import { TIMESLOT_CAPACITY } from "../public/public.repository";
import { cancelRegistration } from "../registrations/registrations.cancel";
import { registrationsRescheduled } from "../registrations/registrations.reschedule";
import { createMembersRepository } from "../selections/selections.members.repository";
import { offerFreedSpots } from "../waitlist/waitlist.offers";
import { manageErrors } from "./manage.errors";
import { createManageRepository, type ManageRepository } from "./manage.repository";

/**
 * The page's view of a registration: it, its event and slot, the slots it may move to, and its
 * check-in QR code (the verify page shows it only shortly after the link's use; this page always).
 */
async function readView(repo: ManageRepository, config: Config, id: string, tx?: DbOrTx): Promise<ManageView> {
  const row = await repo.findWithEventAndSlot(id, tx);
  // A registration erased (or never there) takes its link with it.
  if (!row) throw manageErrors.invalidToken();
  const others = row.status === "cancelled" ? [] : await repo.otherSlotsWithRoom(row.eventId, row.timeslotId, tx);
  return {
    registration: {
      registrationCode: row.registrationCode,
      fullName: row.fullName,
      status: row.status,
      state: registrationState(row),
      timeslotId: row.timeslotId,
      checkInUrl: row.status === "cancelled" ? null : checkInUrl(config, id),
    },
    event: { eventName: row.eventName, eventDate: row.eventDate, location: row.location },
    timeslot: { startTime: formatTime(row.startTime), endTime: formatTime(row.endTime) },
    clientSharing: {
      consent: row.consentClientSharing,
      awaitingGuardian: row.consentClientSharing && !row.clientSharingAllowed,
      canGive: !row.consentClientSharing && guardianStillAsks(row.guardianStatus),
    },
    otherTimeslots: others.map((slot) => ({ ...slot, startTime: formatTime(slot.startTime), endTime: formatTime(slot.endTime) })),
  };
}

/**
 * A minor's consent to be shown to clients counts once the guardian approves after it (issue 36):
 * given after the guardian's decision, nobody would approve it, so it is offered only while the
 * guardian has not decided (or to an adult).
 */
const guardianStillAsks = (guardianStatus: GuardianStatus) => guardianStatus === "not_required" || guardianStatus === "pending";

/** The move, its notice and the old slot's offer, in the caller's transaction. */
async function moveRegistration(repo: ManageRepository, config: Config, id: string, timeslotId: string, now: Date, tx: DbOrTx) {
  const current = await repo.lockRegistration(id, tx);
  if (!current) throw manageErrors.invalidToken();
  if (current.status === "cancelled") throw manageErrors.cancelled();
  if (current.timeslotId === timeslotId) throw manageErrors.sameTimeslot();
  await repo.moveToSlot(id, timeslotId, tx);
  await registrationsRescheduled(tx, config, [id], now);
  await offerFreedSpots(tx, config, [current.timeslotId], { now });
}

export function createManageService({ db, config }: { db: Db; config: Config }) {
  const repo = createManageRepository(db);
  const selectionMembers = createMembersRepository(db);
  function registrationId(token: string): string {
    const id = registrationIdFromToken(config, "manage", token);
    if (!id) throw manageErrors.invalidToken();
    return id;
  }

  return {
    view: (token: string): Promise<ManageView> => readView(repo, config, registrationId(token)),

    /** Cancels (a second cancel changes nothing) and answers the page as it is now. */
    async cancel(token: string, now = new Date()): Promise<ManageView> {
      const id = registrationId(token);
      return db.transaction(async (tx) => {
        await readView(repo, config, id, tx);
        await cancelRegistration(tx, config, id, "registrant", now);
        return readView(repo, config, id, tx);
      });
    },

    /**
     * Gives or withdraws the consent to be shown to clients (issue 36); a withdrawal takes the person
     * out of every selection in the same transaction. Answering the same again changes nothing.
     */
    async setClientSharing(token: string, consent: boolean, now = new Date()): Promise<ManageView> {
      const id = registrationId(token);
      return db.transaction(async (tx) => {
        const current = await repo.lockRegistration(id, tx);
        if (!current) throw manageErrors.invalidToken();
        if (consent && !current.consentClientSharing) {
          if (!guardianStillAsks(current.guardianStatus)) throw manageErrors.clientSharingClosed();
          await repo.setClientSharing(id, true, now, tx);
        } else if (!consent && current.consentClientSharing) {
          await repo.setClientSharing(id, false, now, tx);
          await selectionMembers.removeEverywhere(id, tx);
        }
        return readView(repo, config, id, tx);
      });
    },

    async move(token: string, timeslotId: string, now = new Date()): Promise<ManageView> {
      const id = registrationId(token);
      try {
        return await db.transaction(async (tx) => {
          await moveRegistration(repo, config, id, timeslotId, now, tx);
          return readView(repo, config, id, tx);
        });
      } catch (error) {
        const code = pgErrorCode(error);
        if (code === PG_CHECK_VIOLATION && pgConstraint(error) === TIMESLOT_CAPACITY) throw manageErrors.timeslotFull();
        if (code === PG_FOREIGN_KEY_VIOLATION) throw manageErrors.noTimeslot();
        throw error;
      }
    },
  };
}
