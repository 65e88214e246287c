/**
 * The public registration bench's references (issue 34): OpenCall's registration transaction written
 * by hand in a bare Fastify endpoint, and the bare one-row insert kept beside it for the history.
 *
 * The hand-written transaction is what a registration needs to be correct, with nothing of the
 * application's layers (no validation, no templating, no hooks, no ORM): one prepared statement (one
 * round trip, one transaction) that
 *   - locks the slot row and reads its room under the lock (FOR NO KEY UPDATE, as OpenCall's);
 *   - inserts the registration with all the columns OpenCall writes (REGISTRATION_COLUMNS below);
 *   - inserts its verification e-mail's outbox row, its subject and bodies those of a real
 *     verification e-mail of the same run (same size; OUTBOX_COLUMNS below);
 *   - and, through the tables' own triggers that every insert into model_registrations runs (migrations
 *     0002/0004/0010), checks that the person is not on the event's waiting list and counts the
 *     registration into its slot, refusing it when the slot is full.
 * The same tables and triggers as the app's, so the database does the same work on both sides: the
 * ratio is the cost of the app's own layers. (Written as BEGIN, SELECT … FOR NO KEY UPDATE, two
 * INSERTs and COMMIT it would take five round trips and flatter OpenCall's ratio.)
 *
 * Columns: each list is the one place to change when the app writes a new column; the bench compares
 * them with the app's own lists (public.repository.ts, mail/outbox.ts) and stops when they differ.
 */
import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { AGENCY_FROM_NAME_SQL, agencyFilledSql } from "../../src/server/mail/agency-fill";

/** A registration request's body, as the bench sends it (src/server/test/factories.ts registrationBody). */
export type Body = Record<string, string | number | boolean | null | undefined> & { timeslotId: string; email: string };

/** What a request makes besides its body: the ids, codes and tokens OpenCall makes too. */
interface Made {
  id: string;
  code: string;
  verificationHash: string;
  successHash: string;
  now: Date;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const token = () => randomBytes(32).toString("base64url");
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const ageOn = (birth: string, today: Date) => {
  const [y, m, d] = birth.split("-").map(Number) as [number, number, number];
  const before = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  return today.getUTCFullYear() - y - (before ? 1 : 0);
};

/** model_registrations' inserted columns after event_id and timeslot_id ($1, $2), in OpenCall's order. */
export const REGISTRATION_COLUMNS: Array<{ column: string; cast: string; value: (b: Body, m: Made) => unknown }> = [
  { column: "id", cast: "::uuid", value: (_, m) => m.id },
  { column: "full_name", cast: "", value: (b) => b.fullName },
  { column: "date_of_birth", cast: "::date", value: (b) => b.dateOfBirth },
  { column: "location", cast: "", value: (b) => b.location },
  { column: "email", cast: "", value: (b) => b.email },
  { column: "phone_number", cast: "", value: (b) => b.phoneNumber },
  { column: "height", cast: "::int", value: (b) => b.height },
  { column: "bust", cast: "::int", value: (b) => b.bust },
  { column: "waist", cast: "::int", value: (b) => b.waist },
  { column: "hips", cast: "::int", value: (b) => b.hips },
  { column: "eye_color", cast: "", value: (b) => b.eyeColor },
  { column: "instagram_handle", cast: "", value: (b) => b.instagramHandle ?? null },
  { column: "international_work", cast: "::boolean", value: (b) => b.internationalWork },
  { column: "age", cast: "::int", value: (b, m) => ageOn(String(b.dateOfBirth), m.now) },
  { column: "registration_code", cast: "", value: (_, m) => m.code },
  { column: "email_verification_token_hash", cast: "", value: (_, m) => m.verificationHash },
  {
    column: "email_verification_expires_at",
    cast: "::timestamptz",
    value: (_, m) => new Date(m.now.getTime() + 48 * 3_600_000).toISOString(),
  },
  { column: "success_token_hash", cast: "", value: (_, m) => m.successHash },
  { column: "language", cast: "", value: () => "es-AR" },
  { column: "privacy_notice_version", cast: "::int", value: (b) => b.privacyNoticeVersion },
  { column: "consented_at", cast: "::timestamptz", value: (_, m) => m.now.toISOString() },
  { column: "consent_data_processing", cast: "::boolean", value: (b) => b.consentDataProcessing },
  { column: "consent_photo_scouting", cast: "::boolean", value: (b) => b.consentPhotoScouting },
  { column: "consent_client_sharing", cast: "::boolean", value: (b) => b.consentClientSharing === true },
  {
    column: "consent_client_sharing_at",
    cast: "::timestamptz",
    value: (b, m) => (b.consentClientSharing === true ? m.now.toISOString() : null),
  },
  { column: "guardian_name", cast: "", value: () => null },
  { column: "guardian_email", cast: "", value: () => null },
  { column: "guardian_status", cast: "", value: () => "not_required" },
  { column: "source", cast: "", value: () => null },
];

/** A verification e-mail as the app wrote one (its outbox row), reused for its sizes. */
export interface MailSample {
  subject: string;
  textBody: string;
  htmlBody: string;
}

/** outbox_messages' inserted columns, in OpenCall's order. */
export const OUTBOX_COLUMNS: Array<{ column: string; value: (b: Body, mail: MailSample) => unknown }> = [
  { column: "kind", value: () => "registration_verification" },
  { column: "to_address", value: (b) => b.email },
  { column: "subject", value: (_, mail) => mail.subject },
  { column: "text_body", value: (_, mail) => mail.textBody },
  { column: "html_body", value: (_, mail) => mail.htmlBody },
  { column: "message_id", value: () => `<${randomUUID()}@opencall>` },
];

const FIRST_MAIL_PARAMETER = 3 + REGISTRATION_COLUMNS.length;
/**
 * The agency's name and contact are filled into the subject and bodies, and its name is the From
 * name, by the insert itself (issue 32, ADR 019): the same SQL the app's outbox insert writes.
 */
const FILLED: Record<string, "text" | "html"> = { subject: "text", text_body: "text", html_body: "html" };
const mailValue = (column: string, parameter: string) =>
  FILLED[column] ? agencyFilledSql(`${parameter}::text`, FILLED[column]) : parameter;
export const HAND_WRITTEN_STATEMENT = `
with slot as (
  select t.id, t.registered_count + t.held_count < t.capacity as has_room
  from event_timeslots t join scouting_events e on e.id = t.event_id
  where t.id = $2::uuid and e.id = $1::uuid and e.status = 'active'
  for no key update of t),
registration as (
  insert into model_registrations (event_id, timeslot_id, ${REGISTRATION_COLUMNS.map((c) => c.column).join(", ")})
  select $1::uuid, slot.id, ${REGISTRATION_COLUMNS.map((c, i) => `$${i + 3}${c.cast}`).join(", ")}
  from slot where slot.has_room
  returning id),
mail as (
  insert into outbox_messages (${OUTBOX_COLUMNS.map((c) => c.column).join(", ")}, from_name)
  select ${OUTBOX_COLUMNS.map((c, i) => mailValue(c.column, `$${FIRST_MAIL_PARAMETER + i}`)).join(", ")}, ${AGENCY_FROM_NAME_SQL}
  from registration)
select (select id from registration) as id, (select has_room from slot) as has_room`;

/** A database the references write to: pg's pool (a named, prepared statement) or PGlite. */
export type Run = (statement: { name: string; text: string; values: unknown[] }) => Promise<{ rows: unknown[] }>;

const UNIQUE_VIOLATION = "23505";
const CHECK_VIOLATION = "23514";

/** The hand-written transaction's values for one request (what the app's service computes, by hand). */
function values(eventId: string, body: Body, mail: MailSample): unknown[] {
  let code = "OC-";
  for (let i = 0; i < 6; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  const made: Made = { id: randomUUID(), code, verificationHash: sha256(token()), successHash: sha256(token()), now: new Date() };
  return [
    eventId,
    body.timeslotId,
    ...REGISTRATION_COLUMNS.map((c) => c.value(body, made)),
    ...OUTBOX_COLUMNS.map((c) => c.value(body, mail)),
  ];
}

/**
 * Starts both references on one Fastify server: POST /hand-written/:eventId (the registration's
 * transaction; 201, or 409 when the slot is full or the e-mail taken) and POST /bare (one row).
 */
export async function startReferences(run: Run, mail: () => MailSample) {
  await run({
    name: "",
    text: "create table bench_bare (id bigserial primary key, email text not null, payload jsonb not null)",
    values: [],
  });
  const server = Fastify({ logger: false });
  server.post("/bare", async (req, reply) => {
    const body = req.body as Body;
    await run({
      name: "bench_bare_insert",
      text: "insert into bench_bare (email, payload) values ($1, $2)",
      values: [body.email, body],
    });
    return reply.status(201).send({ ok: true });
  });
  server.post("/hand-written/:eventId", async (req, reply) => {
    const { eventId } = req.params as { eventId: string };
    try {
      const { rows } = await run({
        name: "bench_hand_written",
        text: HAND_WRITTEN_STATEMENT,
        values: values(eventId, req.body as Body, mail()),
      });
      const [row] = rows as Array<{ id: string | null; has_room: boolean | null }>;
      if (row?.id) return await reply.status(201).send({ id: row.id });
      return await reply.status(row?.has_room === false ? 409 : 404).send({ refused: true });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === UNIQUE_VIOLATION || code === CHECK_VIOLATION) return reply.status(409).send({ refused: true });
      throw error;
    }
  });
  await server.listen({ port: 0, host: "127.0.0.1" });
  return { port: (server.server.address() as AddressInfo).port, close: () => server.close() };
}
