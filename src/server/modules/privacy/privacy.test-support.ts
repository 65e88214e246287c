/** Helpers of the privacy tests: a registrant with a photo, a campaign and e-mails; zips; a search of every table. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { App } from "../../app";
import { rowsOf, type Db } from "../../db/client";
import { createEvent, registrationBody } from "../../test/factories";
import { phoneJpeg, photoUpload } from "../photos/photos.test-support";

/** A registrant (through the public API) with a face photo and unique name, e-mail and phone. */
export async function registrantWithPhoto(app: App) {
  const event = await createEvent(app.ctx.db, { photos: "optional" });
  const upload = await app.inject({
    method: "POST",
    url: `/api/public/events/${event.id}/photos`,
    ...photoUpload("face", await phoneJpeg()),
  });
  if (upload.statusCode !== 201) throw new Error(`photo upload failed: ${upload.body}`);
  const tag = Math.random().toString(36).slice(2, 8);
  const digits = String(Math.floor(1_000_000 + Math.random() * 8_999_999));
  const body = registrationBody(event.timeslots[0]!.id, {
    fullName: `Zoe Borrable ${tag}`,
    email: `zoe-${tag}@example.com`,
    phoneNumber: `11 5${digits}`,
    photos: { face: upload.json().photoId },
  });
  const res = await app.inject({ method: "POST", url: `/api/public/events/${event.id}/registrations`, payload: body });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.body}`);
  return {
    event,
    body,
    registrationCode: res.json().registrationCode as string,
    needles: [body.email as string, body.fullName as string, `5${digits}`],
  };
}

/** Every text or JSON cell of the public schema (and the row it is in) that holds `needle`. */
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
