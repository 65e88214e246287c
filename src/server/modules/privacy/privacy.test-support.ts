/**
 * Helpers of the privacy tests: a registrant with a photo (a minor, with a guardian), the same person
 * with a whole history (confirmed with the invite and the QR code, approved by the guardian, checked
 * in, sent a campaign, waiting in another event's line with a photo); zips; a search of every table
 * (attachments decoded).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { todayIso } from "@common/dates";
import { eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { App } from "../../app";
import { rowsOf, type Db } from "../../db/client";
import { modelRegistrations, outboxMessages, photos, scoutingEvents, waitlistEntries } from "../../db/schema";
import { registrationToken } from "../../lib/registration-links";
import { createEvent, createRegistration, linkIn, registrationBody } from "../../test/factories";
import { phoneJpeg, photoUpload } from "../photos/photos.test-support";
import { AHEAD } from "../waitlist/waitlist.test-support";

/** Letters only, none of them a hex digit: a tag no hash, id or token in the database spells by chance. */
export const uniqueTag = () => Array.from({ length: 8 }, () => "ghjkmnpqrstvwxyz"[Math.floor(Math.random() * 16)]).join("");

/** A birth date that makes the person 17 today (and all year): a guardian must approve. */
export const seventeen = () => `${Number(todayIso().slice(0, 4)) - 17}-01-01`;

/** Uploads a face photo for a registration or a waiting-list entry of `eventId`; its id. */
export async function uploadPhoto(app: App, eventId: string): Promise<string> {
  const upload = await app.inject({
    method: "POST",
    url: `/api/public/events/${eventId}/photos`,
    ...photoUpload("face", await phoneJpeg()),
  });
  if (upload.statusCode !== 201) throw new Error(`photo upload failed: ${upload.body}`);
  return upload.json().photoId as string;
}

/**
 * A 17-year-old registrant (through the public API) with a face photo, a guardian, and unique name,
 * e-mail and phone. `needles` are what must leave with an erasure: each of those, the name's unique
 * tag alone, and the guardian's name and address.
 */
export async function registrantWithPhoto(app: App) {
  const event = await createEvent(app.ctx.db, { photos: "optional" });
  const tag = uniqueTag();
  const guardianTag = uniqueTag();
  const digits = String(Math.floor(1_000_000 + Math.random() * 8_999_999));
  const body = registrationBody(event.timeslots[0]!.id, {
    fullName: `Zoe Borrable ${tag}`,
    email: `zoe-${tag}@example.com`,
    phoneNumber: `11 5${digits}`,
    dateOfBirth: seventeen(),
    guardianName: `Ana Tutora ${guardianTag}`,
    guardianEmail: `tutora-${guardianTag}@example.com`,
    photos: { face: await uploadPhoto(app, event.id) },
  });
  const res = await app.inject({ method: "POST", url: `/api/public/events/${event.id}/registrations`, payload: body });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.body}`);
  return {
    event,
    body,
    registrationCode: res.json().registrationCode as string,
    needles: [body.email as string, body.fullName as string, `5${digits}`, tag, guardianTag, body.guardianEmail as string],
  };
}

/**
 * Joins a new event's line (its one spot taken, so the person waits) as the person of `body`, with a
 * photo. An `eventDate` in the past is the event's date once it has passed: the line is joined while
 * the event is ahead (a started slot's line takes nobody), then the date is set.
 */
export async function waitInLine(app: App, body: Record<string, unknown>, eventDate?: string) {
  const event = await createEvent(app.ctx.db, { photos: "optional", timeslots: [{ capacity: 1 }], eventDate: AHEAD });
  const slot = event.timeslots[0]!;
  await createRegistration(app.ctx.db, { eventId: event.id, timeslotId: slot.id });
  const res = await app.inject({
    method: "POST",
    url: `/api/public/events/${event.id}/waitlist`,
    payload: { ...body, timeslotId: slot.id, photos: { face: await uploadPhoto(app, event.id) } },
  });
  if (res.statusCode !== 201) throw new Error(`waiting list join failed: ${res.body}`);
  if (eventDate) await app.ctx.db.update(scoutingEvents).set({ eventDate }).where(eq(scoutingEvents.id, event.id));
  return { event: { ...event, eventDate: eventDate ?? event.eventDate }, slot };
}

/**
 * The registrant of `registrantWithPhoto` with everything that copies their data: the guardian's
 * approval, the confirmation (its invite and QR code), a check-in, a campaign sent to them and to
 * another registrant, and a place in another event's line with its own photo.
 */
export async function personWithHistory(app: App, admin: Record<string, string>) {
  const db = app.ctx.db;
  const person = await registrantWithPhoto(app);
  const [row] = await db
    .select()
    .from(modelRegistrations)
    .where(eq(modelRegistrations.registrationCode, person.registrationCode));
  const id = row!.id;
  const [verification] = (await outboxFor(db, person.body.email as string)).filter((m) => m.kind === "registration_verification");
  const token = linkIn(verification!.textBody, `${app.ctx.config.publicUrl}/verify/`).split("/verify/")[1];
  const steps = [
    await app.inject({ method: "POST", url: "/api/public/verify", payload: { token } }),
    await app.inject({
      method: "POST",
      url: "/api/public/guardian/decision",
      payload: { token: registrationToken(app.ctx.config, "guardian", id), approve: true },
    }),
    await app.inject({ method: "POST", url: "/api/check-ins", headers: admin, payload: { registrationId: id } }),
  ];
  const other = await createRegistration(db, { eventId: person.event.id, timeslotId: person.event.timeslots[0]!.id });
  const campaign = await app.inject({
    method: "POST",
    url: "/api/campaigns",
    headers: admin,
    payload: {
      eventId: person.event.id,
      registrationIds: [id, other.id],
      subject: "Horario",
      content: "Te esperamos a las 10.",
      isHtml: false,
    },
  });
  for (const step of [...steps, campaign])
    if (step.statusCode >= 300) throw new Error(`history step failed: ${step.statusCode} ${step.body}`);
  await app.ctx.campaignMessages.idle();
  const line = await waitInLine(app, person.body);
  return { ...person, id, line, campaignId: campaign.json().campaignId as string };
}

async function outboxFor(db: Db, to: string) {
  return db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, to));
}

/** The object-store keys of the person's photos: their registration's and their waiting-list entries'. */
export async function photoKeysOf(db: Db, registrationId: string, email: string): Promise<string[]> {
  const entries = db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.email, email.toLowerCase()));
  const rows = await db
    .select()
    .from(photos)
    .where(or(eq(photos.registrationId, registrationId), inArray(photos.waitlistEntryId, entries)));
  return rows.flatMap((p) => [p.largeKey, p.thumbKey]);
}

/**
 * Every text or JSON cell of the public schema (and the row it is in) that holds `needle`, and the
 * outbox's attachments decoded (their content is base64, which no text search sees through).
 */
export async function cellsHolding(db: Db, needle: string): Promise<string[]> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')`),
  );
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const hits = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where position(lower(${needle}) in lower(${sql.identifier(column_name)}::text)) > 0`,
      ),
    );
    if ((hits[0]?.n ?? 0) > 0) found.push(`${table_name}.${column_name}`);
  }
  const attached = await db
    .select({ attachments: outboxMessages.attachments })
    .from(outboxMessages)
    .where(isNotNull(outboxMessages.attachments));
  const decoded = attached
    .flatMap((row) => row.attachments ?? [])
    .map((a) => Buffer.from(a.content, "base64").toString("latin1"));
  if (decoded.some((text) => text.toLowerCase().includes(needle.toLowerCase())))
    found.push("outbox_messages.attachments (decoded)");
  return found;
}

/** The entries of a zip and a reader of one of them (the system's unzip). */
export function openZip(zip: Buffer) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "opencall-zip-")), "export.zip");
  writeFileSync(file, zip);
  return {
    names: () => execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).split("\n").filter(Boolean),
    read: (name: string) => execFileSync("unzip", ["-p", file, name]),
  };
}
