/**
 * The staff's side of callbacks (issue 36): inviting registrants of the open call to its callback,
 * reading the invitations' answers, and the one reminder to those who did not answer. Each write is
 * one transaction holding its e-mails (the outbox) and its audit rows: an invitation exists exactly
 * when its one e-mail is queued, and a request sent twice at once invites nobody twice.
 */
import { formatTime } from "@common/dates";
import { formatDateTimeFor } from "@common/dates-language";
import { currentLanguage } from "@common/i18n";
import type {
  CallbackAnswer,
  CallbackInvitation,
  CallbackInviteBody,
  CallbackInviteResult,
  CallbackSkipReason,
} from "@common/schemas/callbacks";
import type { Config } from "../../config";
import type { Db, DbOrTx } from "../../db/client";
import type { ScoutingEventRow } from "../../db/schema";
import { callbackUrl } from "../../lib/registration-links";
import { enqueueEmails } from "../../mail/outbox";
import type { SessionUser } from "../accounts/session.resolver";
import { recordAuditOf, type AuditContext } from "../audit/audit.record";
import { redactFor } from "../registrations/registrations.redact";
import { photosOf } from "../registrations/registrations.photos";
import { callbackMessage } from "./callbacks.emails";
import { callbackErrors } from "./callbacks.errors";
import { createCallbacksRepository, type CallbacksRepository, type InvitedPerson } from "./callbacks.repository";

export type CallbacksConfig = Pick<Config, "publicUrl" | "authSecret">;

type CallbackEvent = NonNullable<Awaited<ReturnType<CallbacksRepository["findCallbackEvent"]>>> & {
  callbackOf: string;
  openCallName: string;
};

/** The callback event of `:id`: 404 when there is none, 409 when it is an open call. */
async function callbackEvent(repo: CallbacksRepository, id: string, tx?: DbOrTx): Promise<CallbackEvent> {
  const event = await repo.findCallbackEvent(id, tx);
  if (!event) throw callbackErrors.eventNotFound();
  if (event.kind !== "callback" || !event.callbackOf || event.openCallName === null) throw callbackErrors.notACallback();
  return event as CallbackEvent;
}

/** Why a registration is not invited, or undefined when it may be. */
function skipReason(person: InvitedPerson | undefined, openCallId: ScoutingEventRow["id"]): CallbackSkipReason | undefined {
  if (!person) return "erased";
  if (person.eventId !== openCallId) return "not_in_open_call";
  if (person.status === "cancelled") return "cancelled";
  // A minor is invited only with the guardian's approval on record (docs/architecture.md).
  if (person.guardianStatus === "pending" || person.guardianStatus === "refused") return "guardian_not_approved";
  return undefined;
}

/** A deadline in the future, and no later than the callback's first slot's start. */
function checkDeadline(event: CallbackEvent, deadline: Date, now: Date): void {
  if (deadline <= now) throw callbackErrors.deadlinePast();
  if (event.firstStart && deadline > event.firstStart)
    throw callbackErrors.deadlineAfterCallback(formatDateTimeFor(currentLanguage(), event.firstStart));
}

/** The people of the request who may be invited, and the others with the reason, in the request's order. */
function sortOut(ids: string[], found: InvitedPerson[], openCallId: string) {
  const people = new Map(found.map((person) => [person.id, person]));
  const skipped: CallbackInviteResult["skipped"] = [];
  const eligible: InvitedPerson[] = [];
  for (const id of ids) {
    const person = people.get(id);
    const reason = skipReason(person, openCallId);
    if (reason) skipped.push({ id, reason });
    else eligible.push(person!);
  }
  return { eligible, skipped };
}

/** The invitation's (or reminder's) e-mail to the person, their guardian copied when one approved. */
function messageFor(
  config: CallbacksConfig,
  kind: "invitation" | "reminder",
  event: CallbackEvent,
  invitation: { id: string; deadline: Date },
  person: InvitedPerson,
) {
  const guardianName = person.guardianStatus === "approved" && person.guardianEmail ? person.guardianName : null;
  return callbackMessage(kind, person, {
    fullName: person.fullName,
    registrationCode: person.registrationCode,
    openCallName: event.openCallName,
    callback: { eventName: event.eventName, eventDate: event.eventDate, location: event.location },
    deadline: invitation.deadline,
    url: callbackUrl(config, invitation.id),
    guardianName,
  });
}

/** One audit row per person invited or reminded (ids and the deadline only). */
async function auditEach(
  tx: DbOrTx,
  audit: AuditContext | undefined,
  action: "callback.invite" | "callback.remind",
  eventId: string,
  rows: Array<{ registrationId: string; invitationId: string; deadline?: Date }>,
) {
  for (const { registrationId, invitationId, deadline } of rows) {
    const details = deadline ? { invitationId, deadline: deadline.toISOString() } : { invitationId };
    await recordAuditOf(tx, audit, { action, registrationId, eventId, details });
  }
}

/** How staff read an invitation: its stored status, the deadline, and what became of the chosen slot. */
function answerOf(
  status: "invited" | "accepted" | "declined",
  deadline: Date,
  callbackStatus: string | null,
  now: Date,
): CallbackAnswer {
  if (status === "accepted") return callbackStatus === "cancelled" ? "cancelled" : "accepted";
  if (status === "declined") return "declined";
  return deadline <= now ? "expired" : "no_answer";
}

/** A callback's invitations, each person as `reader` may see them. */
async function listInvitations(
  db: Db,
  repo: CallbacksRepository,
  reader: SessionUser,
  eventId: string,
  now: Date,
): Promise<CallbackInvitation[]> {
  await callbackEvent(repo, eventId);
  const rows = await repo.listInvitations(eventId);
  const photos = await photosOf(
    db,
    rows.map((row) => row.person.registrationId),
  );
  return rows.map(({ invitation, person, callbackStatus, timeslot }) => ({
    id: invitation.id,
    answer: answerOf(invitation.status, invitation.deadline, callbackStatus, now),
    person: redactFor(reader, { ...person, photos: photos.get(person.registrationId) ?? [] }),
    timeslot: timeslot
      ? { id: timeslot.id, startTime: formatTime(timeslot.startTime), endTime: formatTime(timeslot.endTime) }
      : null,
    callbackRegistrationId: invitation.callbackRegistrationId,
    deadline: invitation.deadline.toISOString(),
    invitedAt: invitation.invitedAt.toISOString(),
    answeredAt: invitation.answeredAt?.toISOString() ?? null,
    remindedAt: invitation.remindedAt?.toISOString() ?? null,
  }));
}

export function createCallbacksService({ db, config }: { db: Db; config: CallbacksConfig }) {
  const repo = createCallbacksRepository(db);

  return {
    /**
     * Invites the registrations of the open call to the callback `eventId`, each once, with one
     * e-mail and one audit row each; answers how many and who was skipped, and why.
     */
    async invite(
      user: SessionUser,
      eventId: string,
      input: CallbackInviteBody,
      audit?: AuditContext,
      now = new Date(),
    ): Promise<CallbackInviteResult> {
      const deadline = new Date(input.deadline);
      return db.transaction(async (tx) => {
        const event = await callbackEvent(repo, eventId, tx);
        checkDeadline(event, deadline, now);
        const ids = [...new Set(input.registrationIds)];
        const { eligible, skipped } = sortOut(ids, await repo.findPeople(ids, tx), event.callbackOf);
        const created = await repo.insertInvitations(
          eligible.map((person) => ({ callbackEventId: event.id, registrationId: person.id, deadline, invitedBy: user.id })),
          tx,
        );
        const invitationOf = new Map(created.map((row) => [row.registrationId, row.id]));
        for (const person of eligible) {
          if (!invitationOf.has(person.id)) skipped.push({ id: person.id, reason: "already_invited" });
        }
        const invited = eligible.filter((person) => invitationOf.has(person.id));
        await enqueueEmails(
          tx,
          invited.map((person) =>
            messageFor(config, "invitation", event, { id: invitationOf.get(person.id)!, deadline }, person),
          ),
        );
        await auditEach(
          tx,
          audit,
          "callback.invite",
          event.id,
          invited.map((person) => ({ registrationId: person.id, invitationId: invitationOf.get(person.id)!, deadline })),
        );
        // In the request's order.
        const order = new Map(ids.map((id, index) => [id, index]));
        skipped.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
        return { invited: invited.length, skipped };
      });
    },

    /** The callback's invitations, each person as `reader` may see them. */
    list: (reader: SessionUser, eventId: string, now = new Date()) => listInvitations(db, repo, reader, eventId, now),

    /** The one reminder of each invitation still unanswered and in time; how many were sent. */
    async remind(eventId: string, audit?: AuditContext, now = new Date()): Promise<{ reminded: number }> {
      return db.transaction(async (tx) => {
        const event = await callbackEvent(repo, eventId, tx);
        const claimed = await repo.claimReminders(event.id, now, tx);
        await enqueueEmails(
          tx,
          claimed.map((row) => messageFor(config, "reminder", event, row, row.person)),
        );
        await auditEach(
          tx,
          audit,
          "callback.remind",
          event.id,
          claimed.map((row) => ({ registrationId: row.registrationId, invitationId: row.id })),
        );
        return { reminded: claimed.length };
      });
    },
  };
}

export type CallbacksService = ReturnType<typeof createCallbacksService>;
