/**
 * Data access of the public visitor side: the active event, the registration (one statement, its
 * capacity enforced by the database), and the registration rows looked up by their token hashes.
 * Slot availability comes from the events module's timeslots repository.
 */
import { REGISTRATION_CREATED_CTE } from "../webhooks/webhooks.events";
import { isPublicEvent, publicEventSql } from "../events/events.visibility";
import type { Language } from "@common/i18n";
import type { PhotoKind } from "@common/photos";
import { REGISTRANT_FIELD_NAMES, registrantFields, type FieldKind, type RegistrantValues } from "@common/registrant/fields";
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { runPipelined, type Db, type DbOrTx } from "../../db/client";
import { eventTimeslots, modelRegistrations, scoutingEvents } from "../../db/schema";
import { outboxInsertSql, outboxRowParameters, type NewOutboxRow } from "../../mail/outbox";
import type { RegistrationConsentValues } from "./public.consent";

/** What the database's slot trigger names when a slot has no room left (migration 0002). */
export const TIMESLOT_CAPACITY = "event_timeslots_within_capacity";

/** How each kind of registrant value is passed to PostgreSQL (a text parameter, cast where needed). */
const PARAMETER_CAST: Record<FieldKind, string> = {
  text: "",
  email: "",
  phone: "",
  instagram: "",
  choice: "",
  birthDate: "::date",
  measurement: "::int",
  yesNo: "::boolean",
};

const registrationColumns = getTableColumns(modelRegistrations);

/**
 * The inserted columns and their parameters: $1 the event, $2 the slot, $3 the new id, then the registrant's
 * fields in their order, then what the server adds. Built once from the field definitions, so the
 * statement's text never varies (PostgreSQL prepares it once per connection).
 */
export const INSERTED = [
  { column: "id", cast: "::uuid" },
  ...REGISTRANT_FIELD_NAMES.map((name) => ({
    column: registrationColumns[name].name,
    cast: PARAMETER_CAST[registrantFields[name].kind],
  })),
  { column: "age", cast: "::int" },
  { column: "registration_code", cast: "" },
  { column: "email_verification_token_hash", cast: "" },
  { column: "email_verification_expires_at", cast: "::timestamptz" },
  { column: "success_token_hash", cast: "" },
  { column: "language", cast: "" },
  // Consent and the guardian (issue 18).
  { column: "privacy_notice_version", cast: "::int" },
  { column: "consented_at", cast: "::timestamptz" },
  { column: "consent_data_processing", cast: "::boolean" },
  { column: "consent_photo_scouting", cast: "::boolean" },
  { column: "consent_client_sharing", cast: "::boolean" },
  { column: "consent_client_sharing_at", cast: "::timestamptz" },
  { column: "guardian_name", cast: "" },
  { column: "guardian_email", cast: "" },
  { column: "guardian_status", cast: "" },
  // Where the visit came from (issue 38).
  { column: "source", cast: "" },
];
const FIRST_INSERTED_PARAMETER = 3;
// The photos' parameters (ids, kinds) follow the registration's, then the outbox row's.
const PHOTO_PARAMETERS = FIRST_INSERTED_PARAMETER + INSERTED.length;

// The registration's statement (see insertRegistration). The slot row is locked first (FOR NO KEY
// UPDATE: the foreign key checks' KEY SHARE locks still pass), so the statement holds one slot lock
// from its start and never upgrades one: no cycle with a writer that locks slots FOR UPDATE (an
// event being edited). Whether the slot has room is read under that lock, so a full slot costs no
// insert at all (the trigger would refuse it, after the rows and the index entries had been written).
const SLOT = `
  select t.id, t.registered_count + t.held_count < t.capacity as has_room
  from event_timeslots t join scouting_events e on e.id = t.event_id
  where t.id = $2::uuid and e.id = $1::uuid and ${publicEventSql("e")}
  for no key update of t`;
const INSERT_REGISTRATION = `
  insert into model_registrations (event_id, timeslot_id, ${INSERTED.map((c) => c.column).join(", ")})
  select $1::uuid, slot.id, ${INSERTED.map((c, i) => `$${i + FIRST_INSERTED_PARAMETER}${c.cast}`).join(", ")}
  from slot where slot.has_room
  returning id, event_id, timeslot_id, source`;
// One row whatever happens: the new registration's id, or why there is none (no such active slot:
// has_room null; a full slot: has_room false).
const OUTCOME = `select (select id from registration) as id, (select has_room from slot) as has_room`;
// The registration's photos, uploaded before it (issue 17): each given id claimed when it is a photo
// of this event, of that kind, claimed by no registration. Fewer claimed than given (another
// registration took one meanwhile): photos_claim_check fails the statement (migration 0006).
const CLAIM_PHOTOS = `
  update photos p set registration_id = registration.id
  from registration, unnest($${PHOTO_PARAMETERS}::uuid[], $${PHOTO_PARAMETERS + 1}::text[]) as wanted(id, kind)
  where p.id = wanted.id and p.kind = wanted.kind and p.event_id = $1::uuid and p.registration_id is null
    and p.waitlist_entry_id is null
  returning p.id`;
const PHOTOS_OUTCOME = `select (select id from registration) as id, (select has_room from slot) as has_room,
  photos_claim_check(cardinality($${PHOTO_PARAMETERS}::uuid[]), (select count(*)::int from claimed), (select id from registration)) as photos_ok`;
/** The statement's text for each case: with no, one or two e-mails, with or without photos. */
function registerStatement(mails: number, photos: boolean): string {
  const parts = [`slot as (${SLOT})`, `registration as (${INSERT_REGISTRATION})`, `hook as (${REGISTRATION_CREATED_CTE})`];
  if (photos) parts.push(`claimed as (${CLAIM_PHOTOS})`);
  if (mails > 0) parts.push(`mail as (${outboxInsertSql("registration", PHOTO_PARAMETERS + (photos ? 2 : 0), mails)})`);
  return `with ${parts.join(",\n")} ${photos ? PHOTOS_OUTCOME : OUTCOME}`;
}
const statements = new Map<string, string>();
function statementFor(mails: number, photos: boolean): string {
  const key = `${mails}:${photos}`;
  let statement = statements.get(key);
  if (!statement) statements.set(key, (statement = registerStatement(mails, photos)));
  return statement;
}

/** A registration's photos by kind, their ids answered by the upload. */
export type RegistrationPhotoIds = Partial<Record<PhotoKind, string>>;

export type InsertOutcome = { created: { id: string } } | { refused: "timeslot_full" | "no_active_slot" };

export type NewRegistrationValues = RegistrantValues & {
  /** Made by the server before the insert: the guardian's link names it (issue 18). */
  id: string;
  eventId: string;
  timeslotId: string;
  age: number;
  registrationCode: string;
  emailVerificationTokenHash: string;
  emailVerificationExpiresAt: Date;
  successTokenHash: string;
  /** The language the person registered in: their e-mails speak it. */
  language: Language;
  photos?: RegistrationPhotoIds | undefined;
  /** A tracked link's slug or the visit's utm_source (issue 38); null when neither. */
  source?: string | null;
} & RegistrationConsentValues;

/**
 * Inserts the registration, and its verification e-mail's outbox row when given, in one
 * statement (so one round trip and one transaction, committed as it ends). The slot's capacity
 * is the database's: the trigger on model_registrations locks the slot row, counts the new
 * registration in, and fails the statement with check_violation on TIMESLOT_CAPACITY if the slot
 * is full (migration 0002; ADR 007). The lock is held for the statement alone: no round trip to
 * the application while a rush waits on it. Refused when the slot is full, or when the event is
 * not active (any more) or the slot is not one of its slots.
 */
async function insertRegistration(
  db: Db,
  r: NewRegistrationValues,
  mail: NewOutboxRow | NewOutboxRow[] | null,
): Promise<InsertOutcome> {
  const mails = mail === null ? [] : [mail].flat();
  const values: unknown[] = [
    r.eventId,
    r.timeslotId,
    r.id,
    ...REGISTRANT_FIELD_NAMES.map((name) => r[name]),
    r.age,
    r.registrationCode,
    r.emailVerificationTokenHash,
    r.emailVerificationExpiresAt.toISOString(),
    r.successTokenHash,
    r.language,
    r.privacyNoticeVersion,
    r.consentedAt.toISOString(),
    r.consentDataProcessing,
    r.consentPhotoScouting,
    r.consentClientSharing,
    r.consentClientSharing ? r.consentedAt.toISOString() : null,
    r.guardianName,
    r.guardianEmail,
    r.guardianStatus,
    r.source ?? null,
  ];
  const photos = Object.entries(r.photos ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1]));
  if (photos.length > 0)
    values.push(
      photos.map(([, id]) => id),
      photos.map(([kind]) => kind),
    );
  for (const m of mails) values.push(...outboxRowParameters(m));
  const statement = statementFor(mails.length, photos.length > 0);
  type Row = { id: string | null; has_room: boolean | null };
  const [row] = await runPipelined<Row>(db, statement, values, "registration");
  if (row?.id) return { created: { id: row.id } };
  return { refused: row?.has_room === false ? "timeslot_full" : "no_active_slot" };
}

/** What the success page answers (and whether a guardian is still to approve: issue 18). */
const SUCCESS_COLUMNS = {
  registrationCode: modelRegistrations.registrationCode,
  email: modelRegistrations.email,
  guardianStatus: modelRegistrations.guardianStatus,
  guardianEmail: modelRegistrations.guardianEmail,
};

/** A registration with what its sheet and its e-mails need of its event and slot (a `where` to add). */
export function selectWithEvent(tx: DbOrTx) {
  return tx
    .select({
      registration: modelRegistrations,
      event: {
        eventName: scoutingEvents.eventName,
        eventDate: scoutingEvents.eventDate,
        location: scoutingEvents.location,
        description: scoutingEvents.description,
        confirmationDetails: scoutingEvents.confirmationDetails,
      },
      timeslot: { startTime: eventTimeslots.startTime, endTime: eventTimeslots.endTime },
    })
    .from(modelRegistrations)
    .innerJoin(scoutingEvents, eq(scoutingEvents.id, modelRegistrations.eventId))
    .leftJoin(eventTimeslots, eq(eventTimeslots.id, modelRegistrations.timeslotId));
}

const STATUS_AFTER_VERIFICATION = sql`case when ${modelRegistrations.status} = 'cancelled' then 'cancelled' else 'confirmed' end`;

export function createPublicRepository(db: Db) {
  return {
    async findActiveEvent(eventId: string, tx: DbOrTx = db) {
      const [event] = await tx
        .select({
          id: scoutingEvents.id,
          eventName: scoutingEvents.eventName,
          eventDate: scoutingEvents.eventDate,
          location: scoutingEvents.location,
          description: scoutingEvents.description,
          confirmationDetails: scoutingEvents.confirmationDetails,
          photos: scoutingEvents.photos,
        })
        .from(scoutingEvents)
        .where(and(eq(scoutingEvents.id, eventId), isPublicEvent()));
      return event;
    },

    /**
     * What a registration's e-mail says about its event (name, date, place, and the times of each
     * slot), in one round trip; undefined if the event is not active.
     */
    async findRegistrationContext(eventId: string, tx: DbOrTx = db) {
      const rows = await tx
        .select({
          eventName: scoutingEvents.eventName,
          eventDate: scoutingEvents.eventDate,
          location: scoutingEvents.location,
          photos: scoutingEvents.photos,
          slotId: eventTimeslots.id,
          startTime: eventTimeslots.startTime,
          endTime: eventTimeslots.endTime,
        })
        .from(scoutingEvents)
        .leftJoin(eventTimeslots, eq(eventTimeslots.eventId, scoutingEvents.id))
        .where(and(eq(scoutingEvents.id, eventId), isPublicEvent()));
      const [first] = rows;
      if (!first) return undefined;
      const slots = new Map<string, { startTime: string; endTime: string }>();
      for (const { slotId, startTime, endTime } of rows) {
        if (slotId && startTime && endTime) slots.set(slotId, { startTime, endTime });
      }
      return {
        event: { eventName: first.eventName, eventDate: first.eventDate, location: first.location },
        photoSetting: first.photos,
        slots,
      };
    },

    /** The registration and its e-mails (verification, a minor's guardian's) in one statement (above). */
    insertRegistration: (r: NewRegistrationValues, mail: NewOutboxRow | NewOutboxRow[] | null) => insertRegistration(db, r, mail),

    async findBySuccessTokenHash(hash: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select(SUCCESS_COLUMNS)
        .from(modelRegistrations)
        .where(eq(modelRegistrations.successTokenHash, hash));
      return row;
    },

    /** The registration of a verification token, with what the sheet and the e-mail need. */
    async findByVerificationTokenHash(hash: string, options: { lock?: boolean } = {}, tx: DbOrTx = db) {
      const query = selectWithEvent(tx).where(eq(modelRegistrations.emailVerificationTokenHash, hash));
      const [row] = options.lock ? await query.for("update", { of: modelRegistrations }) : await query;
      return row;
    },

    /** The e-mail verified; a live registration becomes confirmed, a cancelled one stays cancelled (issue 32). */
    async markVerified(id: string, at: Date, tx: DbOrTx = db) {
      await tx
        .update(modelRegistrations)
        .set({ emailVerified: true, status: STATUS_AFTER_VERIFICATION, emailVerifiedAt: at })
        .where(eq(modelRegistrations.id, id));
    },
  };
}

export type PublicRepository = ReturnType<typeof createPublicRepository>;
