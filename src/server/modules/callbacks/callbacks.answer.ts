/**
 * The person's answer to a callback invitation (issue 36), from the manage page the invitation's
 * e-mail opens (`/manage?c=<token>`; the token names the invitation, ADR 015). One answer, final:
 * choosing a slot, or declining, before the deadline; a second answer is refused (the slot chosen
 * can still be moved or given up from the callback registration's own manage page, as any other).
 *
 * Choosing a slot is one transaction: the callback's registration is created in that slot under the
 * slot's capacity rule (the database's triggers, ADR 007: never over capacity, whoever answers at the
 * same moment), carrying the person's data, consent and guardian over, confirmed (the link proves
 * the address), with copies of their photo rows; its confirmation (QR code, calendar invite) is
 * queued; the open call's registration moves to the stage `callback` (the panel's move: its history
 * row and `stage.changed`); and `callback.answered` is recorded for the webhooks.
 */
import { formatTime } from "@common/dates";
import { formatDateTimeFor } from "@common/dates-language";
import { currentLanguage } from "@common/i18n";
import { pickRegistrantValues } from "@common/registrant/fields";
import { ageToday } from "@common/registrant/normalize";
import type { CallbackAnswerBody, CallbackView, CallbackViewState } from "@common/schemas/callbacks";
import type { Config } from "../../config";
import { pgConstraint, pgErrorCode, PG_CHECK_VIOLATION, PG_UNIQUE_VIOLATION, type Db, type DbOrTx } from "../../db/client";
import type { CallbackInvitationRow } from "../../db/schema";
import { registrationIdFromToken, registrationToken } from "../../lib/registration-links";
import { enqueueEmail } from "../../mail/outbox";
import { moveStage } from "../panel/panel.service";
import { confirmationMessage, findConfirmation } from "../public/public.confirmation";
import { TIMESLOT_CAPACITY } from "../public/public.repository";
import { newRegistrationCode } from "../public/registration-code.generator";
import { recordWebhookEvent } from "../webhooks/webhooks.events";
import { callbackErrors } from "./callbacks.errors";
import { createCallbacksRepository, type CallbacksRepository } from "./callbacks.repository";

/** What the registration's one-per-address index is named (a person already registered in the callback). */
const EMAIL_UNIQUE_INDEX = "model_registrations_event_email_uq";

function stateOf(invitation: CallbackInvitationRow, callbackStatus: string | null, now: Date): CallbackViewState {
  if (invitation.status === "accepted") return callbackStatus === "cancelled" ? "cancelled" : "accepted";
  if (invitation.status === "declined") return "declined";
  return invitation.deadline <= now ? "expired" : "open";
}

async function readView(repo: CallbacksRepository, config: Config, id: string, now: Date, tx?: DbOrTx): Promise<CallbackView> {
  const row = await repo.findView(id, tx);
  // An erased person takes their invitation with them.
  if (!row) throw callbackErrors.invalidToken();
  const { invitation } = row;
  const state = stateOf(invitation, row.callbackStatus, now);
  const slots = state === "open" ? await repo.openSlots(invitation.callbackEventId, now, tx) : [];
  const chosen = row.chosen?.startTime && row.chosen.endTime ? row.chosen : null;
  return {
    state,
    fullName: row.fullName,
    deadline: invitation.deadline.toISOString(),
    event: row.event,
    openCall: { eventName: row.openCallName },
    timeslots: slots.map((slot) => ({ ...slot, startTime: formatTime(slot.startTime), endTime: formatTime(slot.endTime) })),
    chosen: chosen ? { startTime: formatTime(chosen.startTime), endTime: formatTime(chosen.endTime) } : null,
    manageToken: invitation.callbackRegistrationId
      ? registrationToken(config, "manage", invitation.callbackRegistrationId)
      : null,
  };
}

/** The invitation, locked after its person's registration (the order an erasure takes them in), still open to an answer. */
async function lockOpenInvitation(repo: CallbacksRepository, id: string, now: Date, tx: DbOrTx) {
  const found = await repo.findView(id, tx);
  if (!found) throw callbackErrors.invalidToken();
  const person = await repo.lockRegistration(found.invitation.registrationId, tx);
  const invitation = await repo.lockInvitation(id, tx);
  if (!person || !invitation) throw callbackErrors.invalidToken();
  if (invitation.status !== "invited") throw callbackErrors.alreadyAnswered();
  if (invitation.deadline <= now) throw callbackErrors.deadlinePassed(formatDateTimeFor(currentLanguage(), invitation.deadline));
  return { invitation, person };
}

/** A slot chosen: the callback's registration, its photos, its confirmation; the open call's stage moves. */
async function accept(
  repo: CallbacksRepository,
  config: Config,
  { invitation, person }: Awaited<ReturnType<typeof lockOpenInvitation>>,
  timeslotId: string,
  now: Date,
  tx: DbOrTx,
): Promise<string> {
  const slot = await repo.findSlot(invitation.callbackEventId, timeslotId, now, tx);
  if (!slot) throw callbackErrors.noTimeslot();
  if (slot.started) throw callbackErrors.slotStarted();
  const registration = await repo.insertRegistration(
    {
      ...pickRegistrantValues(person),
      eventId: invitation.callbackEventId,
      timeslotId,
      age: ageToday(person.dateOfBirth) ?? person.age,
      registrationCode: newRegistrationCode(),
      // Answering from the e-mail's link proves the address; a minor was invited with the guardian's approval.
      status: "confirmed",
      emailVerified: true,
      emailVerifiedAt: now,
      language: person.language,
      privacyNoticeVersion: person.privacyNoticeVersion,
      consentedAt: person.consentedAt,
      consentDataProcessing: person.consentDataProcessing,
      consentPhotoScouting: person.consentPhotoScouting,
      guardianName: person.guardianName,
      guardianEmail: person.guardianEmail,
      guardianStatus: person.guardianStatus,
      guardianDecidedAt: person.guardianDecidedAt,
    },
    tx,
  );
  await repo.copyPhotos(person.id, { registrationId: registration.id, eventId: invitation.callbackEventId }, tx);
  await repo.recordAnswer(invitation.id, { status: "accepted", callbackRegistrationId: registration.id, answeredAt: now }, tx);
  if (person.stage !== "callback") {
    await moveStage(tx, { registrationId: person.id, eventId: person.eventId, from: person.stage, to: "callback", by: null });
  }
  await recordWebhookEvent(tx, {
    type: "registration.created",
    subjectId: registration.id,
    data: { registrationId: registration.id, eventId: invitation.callbackEventId, timeslotId, source: null },
  });
  const found = await findConfirmation(tx, registration.id);
  if (found) await enqueueEmail(tx, await confirmationMessage(config, registration, found.context));
  return registration.id;
}

export function createCallbackAnswers({ db, config }: { db: Db; config: Config }) {
  const repo = createCallbacksRepository(db);

  function invitationId(token: string): string {
    const id = registrationIdFromToken(config, "callback", token);
    if (!id) throw callbackErrors.invalidToken();
    return id;
  }

  return {
    view: (token: string, now = new Date()) => readView(repo, config, invitationId(token), now),

    /** The answer (a slot, or declining), once, before the deadline; the page as it is then. */
    async answer(input: CallbackAnswerBody, now = new Date()): Promise<CallbackView> {
      const id = invitationId(input.t);
      try {
        return await db.transaction(async (tx) => {
          const open = await lockOpenInvitation(repo, id, now, tx);
          const { invitation } = open;
          let callbackRegistrationId: string | null = null;
          if (input.timeslotId) callbackRegistrationId = await accept(repo, config, open, input.timeslotId, now, tx);
          else await repo.recordAnswer(id, { status: "declined", callbackRegistrationId: null, answeredAt: now }, tx);
          await recordWebhookEvent(tx, {
            type: "callback.answered",
            subjectId: invitation.registrationId,
            data: {
              invitationId: id,
              registrationId: invitation.registrationId,
              eventId: invitation.callbackEventId,
              answer: callbackRegistrationId ? "accepted" : "declined",
              timeslotId: input.timeslotId ?? null,
              callbackRegistrationId,
            },
          });
          return readView(repo, config, id, now, tx);
        });
      } catch (error) {
        const code = pgErrorCode(error);
        if (code === PG_CHECK_VIOLATION && pgConstraint(error) === TIMESLOT_CAPACITY) throw callbackErrors.timeslotFull();
        if (code === PG_UNIQUE_VIOLATION && pgConstraint(error) === EMAIL_UNIQUE_INDEX) throw callbackErrors.duplicate();
        throw error;
      }
    },
  };
}
