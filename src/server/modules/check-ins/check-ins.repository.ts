/**
 * Check-in's reads and its one write. The door is the busiest moment of an event (hundreds of
 * people, several phones polling), so the hot statements are fixed texts, prepared once per
 * connection on PostgreSQL: the previews' reads on the staff's pipelined connection
 * (`runPipelined`), the check-in's update (which may wait on a row's lock) and the rest on the pool
 * (`runStatement`; ADR 010, 2026-11-27).
 */
import { webhookEventCte } from "../webhooks/webhooks.events";
import type { GuardianStatus } from "@common/constants";
import type { AuditAction } from "@common/privacy/audit-actions";
import type { RegistrationSearchTerms } from "@common/registration-search";
import { runPipelined, runStatement, type Db } from "../../db/client";
import type { AuditContext } from "../audit/audit.record";
import { escapeLike } from "../registrations/registrations.repository";

export interface CheckInRow {
  id: string;
  fullName: string;
  age: number;
  registrationCode: string;
  status: "pending" | "confirmed" | "cancelled";
  emailVerified: boolean;
  guardianStatus: GuardianStatus;
  guardianName: string | null;
  guardianEmail: string | null;
  attended: boolean;
  attendedAt: Date | null;
  checkedInById: string | null;
  checkedInByName: string | null;
  eventId: string;
  eventName: string;
  eventDate: string;
  timeslotId: string;
  startTime: string;
  endTime: string;
  facePhotoId: string | null;
  /** The person's number in the casting day's line (issue 35), once the arrival gave one. */
  queueNumber: number | null;
}

/** A minor's guardian, for the card (issue 32): who staff call when the approval is missing. */
const GUARDIAN_COLUMNS = `r.guardian_status as "guardianStatus", r.guardian_name as "guardianName", r.guardian_email as "guardianEmail"`;

/** The number the arrival took (the database's trigger, migration 0025). */
const QUEUE_NUMBER = `(select q.number from queue_entries q where q.registration_id = r.id) as "queueNumber"`;

const SELECT_CHECK_IN = `
  select r.id, r.full_name as "fullName", r.age, r.registration_code as "registrationCode", r.status,
    r.email_verified as "emailVerified", ${GUARDIAN_COLUMNS}, r.attended, r.attended_at as "attendedAt",
    r.checked_in_by as "checkedInById", u.name as "checkedInByName",
    e.id as "eventId", e.event_name as "eventName", e.event_date::text as "eventDate",
    s.id as "timeslotId", to_char(s.start_time, 'HH24:MI') as "startTime", to_char(s.end_time, 'HH24:MI') as "endTime",
    (select p.id from photos p where p.registration_id = r.id and p.kind = 'face') as "facePhotoId",
    ${QUEUE_NUMBER}
  from model_registrations r
  join scouting_events e on e.id = r.event_id
  join event_timeslots s on s.id = r.timeslot_id
  left join users u on u.id = r.checked_in_by`;

const BY_ID = `${SELECT_CHECK_IN} where r.id = $1`;
const BY_CODE = `${SELECT_CHECK_IN} where r.registration_code = $1`;

/**
 * The arrival, recorded once: the row is changed only while the person has not arrived, has not
 * cancelled, and is not a minor without the guardian's approval (issue 32): a guardian's refusal
 * never, a decision still pending only with an admin's reason (`$7`, null without one), and only at
 * the event a door pass is confined to (`$10`, null for anyone else: issue 35). Concurrent
 * check-ins of one person queue on the row's lock; after the first commits, PostgreSQL checks the
 * condition again on the new row and the others change nothing.
 */
const CHECK_IN = `
  update model_registrations set attended = true, attended_at = $2, checked_in_by = $3, updated_at = now()
  where id = $1 and not attended and status <> 'cancelled'
    and guardian_status <> 'refused' and (guardian_status <> 'pending' or $7::text is not null)
    and ($10::uuid is null or event_id = $10::uuid)
  returning id, attended_at, checked_in_by, event_id, guardian_status`;

// The webhooks' event (issue 37), written by the arrival's own statement.
const ARRIVAL_EVENT = webhookEventCte(
  "checkin.created",
  "arrival",
  "arrival.id",
  "jsonb_build_object('registrationId', arrival.id, 'eventId', arrival.event_id, 'checkedInAt', arrival.attended_at)",
);
const OVERRIDE: AuditAction = "registration.check_in_override";
const ARRIVAL: AuditAction = "registration.check_in";

/**
 * The arrival, its row in the audit trail (issue 18: written with the action it records, so neither
 * exists without the other; the columns are those `recordAudit` writes) and the person, in one
 * round trip. An arrival let in over a guardian's pending decision is recorded as the override,
 * with the admin's reason (issue 32). The select reads the statement's snapshot, taken before the update: it shows the row
 * as it was, so this request's own arrival comes from the update's `returning` ("arrival"). A
 * request that lost a race to another phone may still see the person as not arrived:
 * `recordAndFind` reads again then.
 */
const CHECK_IN_AND_FIND = `
  with arrival as (${CHECK_IN}),
  audited as (
    insert into audit_log (actor_id, actor_role, actor_token, actor_pass, action, registration_id, event_id, ip, details)
    select $4, $5, $8, $9, case when arrival.guardian_status = 'pending' then '${OVERRIDE}' else '${ARRIVAL}' end,
      arrival.id, arrival.event_id, $6,
      case when arrival.guardian_status = 'pending' then jsonb_build_object('reason', $7::text) else '{}'::jsonb end
    from arrival
  ),
  hook as (${ARRIVAL_EVENT})
  select r.id, r.full_name as "fullName", r.age, r.registration_code as "registrationCode", r.status,
    r.email_verified as "emailVerified", ${GUARDIAN_COLUMNS}, r.attended or a.id is not null as attended,
    coalesce(a.attended_at, r.attended_at) as "attendedAt",
    coalesce(a.checked_in_by, r.checked_in_by) as "checkedInById", u.name as "checkedInByName",
    e.id as "eventId", e.event_name as "eventName", e.event_date::text as "eventDate",
    s.id as "timeslotId", to_char(s.start_time, 'HH24:MI') as "startTime", to_char(s.end_time, 'HH24:MI') as "endTime",
    (select p.id from photos p where p.registration_id = r.id and p.kind = 'face') as "facePhotoId",
    ${QUEUE_NUMBER},
    a.id is not null as "checkedIn", coalesce(a.guardian_status = 'pending', false) as "overridden"
  from model_registrations r
  join scouting_events e on e.id = r.event_id
  join event_timeslots s on s.id = r.timeslot_id
  left join arrival a on a.id = r.id
  left join users u on u.id = coalesce(a.checked_in_by, r.checked_in_by)
  where r.id = $1`;

const ARRIVALS = `
  select s.id as "timeslotId", to_char(s.start_time, 'HH24:MI') as "startTime", to_char(s.end_time, 'HH24:MI') as "endTime",
    count(r.id)::int as expected, count(r.id) filter (where r.attended)::int as arrived
  from event_timeslots s
  left join model_registrations r on r.timeslot_id = s.id and r.event_id = s.event_id and r.status <> 'cancelled'
  where s.event_id = $1
  group by s.id, s.start_time, s.end_time
  order by s.start_time, s.end_time, s.id`;

export interface ArrivalRow {
  timeslotId: string;
  startTime: string;
  endTime: string;
  expected: number;
  arrived: number;
}

export interface SearchRow {
  id: string;
  fullName: string;
  registrationCode: string;
  startTime: string;
  endTime: string;
  attended: boolean;
  status: "pending" | "confirmed" | "cancelled";
  guardianStatus: GuardianStatus;
}

const SEARCH = `
  select r.id, r.full_name as "fullName", r.registration_code as "registrationCode",
    to_char(s.start_time, 'HH24:MI') as "startTime", to_char(s.end_time, 'HH24:MI') as "endTime",
    r.attended, r.status, r.guardian_status as "guardianStatus"
  from model_registrations r join event_timeslots s on s.id = r.timeslot_id
  where r.event_id = $1 and (r.registration_code = $2 or r.search_text like '%' || lower($3) || '%')
  order by r.registration_code = $2 desc, r.full_name, r.id
  limit 10`;

export type RecordedCheckIn = CheckInRow & { checkedIn: boolean; overridden: boolean };

/** What the update's condition lets in, read on the row it saw (the statement's snapshot). */
function arrivalPossible(row: CheckInRow, overrideReason: string | null): boolean {
  if (row.status === "cancelled" || row.guardianStatus === "refused") return false;
  return row.guardianStatus !== "pending" || overrideReason !== null;
}

export function createCheckInsRepository(db: Db) {
  const findById = async (id: string): Promise<CheckInRow | undefined> =>
    (await runPipelined<CheckInRow>(db, BY_ID, [id], "staff"))[0];
  return {
    findById,

    async findByCode(code: string): Promise<CheckInRow | undefined> {
      return (await runPipelined<CheckInRow>(db, BY_CODE, [code], "staff"))[0];
    },

    /**
     * Records the arrival (once) with its audit row, and reads the person: `checkedIn` when this
     * call recorded it, `overridden` when that was over a guardian's pending decision (only with
     * `overrideReason`, an admin's); undefined when no registration has this id. With `scopeEventId`
     * (a door pass's event) another event's registration is read, never checked in: the caller refuses it.
     */
    async recordAndFind(
      id: string,
      at: Date,
      userId: string,
      audit: AuditContext,
      overrideReason: string | null,
      scopeEventId: string | null,
    ): Promise<RecordedCheckIn | undefined> {
      const [row] = await runStatement<RecordedCheckIn>(db, CHECK_IN_AND_FIND, [
        id,
        at.toISOString(),
        userId,
        audit.actor?.id ?? null,
        audit.actor?.role ?? null,
        audit.ip,
        overrideReason,
        audit.actor?.token ?? null,
        audit.actor?.pass ?? null,
        scopeEventId,
      ]);
      // This request's arrival took its number in a trigger the statement's own snapshot cannot see.
      if (row?.checkedIn) return { ...row, queueNumber: (await findById(id))?.queueNumber ?? null };
      if (!row || row.attended || !arrivalPossible(row, overrideReason)) return row;
      if (scopeEventId !== null && row.eventId !== scopeEventId) return row;
      // Another phone recorded it while this statement waited for the row: read what it wrote.
      const fresh = await findById(id);
      return fresh && { ...fresh, checkedIn: false, overridden: false };
    },

    async arrivals(eventId: string): Promise<ArrivalRow[]> {
      return runStatement<ArrivalRow>(db, ARRIVALS, [eventId]);
    },

    /** The registrations list's search rule (registrations.repository's `searchCondition`), in one event. */
    async search(eventId: string, { code, text }: RegistrationSearchTerms): Promise<SearchRow[]> {
      return runStatement<SearchRow>(db, SEARCH, [eventId, code, escapeLike(text)]);
    },

    async eventExists(eventId: string): Promise<boolean> {
      return (await runStatement<{ id: string }>(db, "select id from scouting_events where id = $1", [eventId])).length > 0;
    },
  };
}

export type CheckInsRepository = ReturnType<typeof createCheckInsRepository>;
