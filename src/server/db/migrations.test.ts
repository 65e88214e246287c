import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createScratchPgDatabase, testDbKind } from "../test/database";
import { openDatabase, pgErrorCode, PG_CHECK_VIOLATION, PG_FOREIGN_KEY_VIOLATION, type Database } from "./client";

// Migrations that rewrite what a database already holds, run over one holding registrations:
// 0002 counts each slot's registrations into registered_count; 0004 swaps two foreign keys for one
// on (timeslot_id, event_id), which PostgreSQL checks against every existing row.
const MIGRATIONS = fileURLToPath(new URL("./migrations", import.meta.url));
const scratch: string[] = [];
const drops: Array<() => Promise<void>> = [];

afterAll(async () => {
  for (const drop of drops) await drop();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the migrations folder that stops before `tag` (its number, or its name: renumbered at merges). */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "opencall-migrations-"));
  scratch.push(dir);
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: Array<{ tag: string }> };
  const stop = journal.entries.findIndex((entry) => entry.tag.startsWith(tag) || entry.tag.endsWith(`_${tag}`));
  if (stop < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, stop);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** Opens one database twice over its life: migrated up to a point, then with every migration. */
async function databaseAt(): Promise<(migrationsDir?: string) => Promise<Database>> {
  if (testDbKind() === "pg") {
    const { url, drop } = await createScratchPgDatabase();
    drops.push(drop);
    return (migrationsDir) => openDatabase({ url, ...(migrationsDir ? { migrationsDir } : {}) });
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "opencall-pglite-"));
  scratch.push(dataDir);
  return (migrationsDir) => openDatabase({ dataDir, ...(migrationsDir ? { migrationsDir } : {}) });
}

const rows = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

async function seedRegistrations(database: Database) {
  const { db } = database;
  const [event] = rows<{ id: string }>(
    await db.execute(sql`insert into scouting_events (scouting_id, event_name, event_date, location)
      values ('SC-MIG-1', 'Casting de prueba', '2026-03-05', 'Rosario') returning id`),
  );
  const slots = rows<{ id: string }>(
    await db.execute(sql`insert into event_timeslots (event_id, start_time, end_time, capacity)
      values (${event!.id}, '10:00', '11:00', 3), (${event!.id}, '11:00', '12:00', 5) returning id`),
  );
  const register = (slotId: string, n: number) =>
    db.execute(sql`insert into model_registrations (event_id, timeslot_id, full_name, date_of_birth, age, location, email,
        phone_number, height, registration_code)
      values ${sql.join(
        Array.from({ length: n }, (_, i) => {
          const tag = `${slotId.slice(0, 8)}-${i}`;
          return sql`(${event!.id}, ${slotId}, ${`Persona ${tag}`}, '2004-05-17', 21, 'Rosario', ${`p-${tag}@example.com`},
            '3415551234', 170, ${`OC-${tag}`})`;
        }),
        sql`, `,
      )}`);
  await register(slots[0]!.id, 3);
  await register(slots[1]!.id, 2);
  return { eventId: event!.id, full: slots[0]!.id, open: slots[1]!.id };
}

async function counts(database: Database) {
  return rows<{ capacity: number; registered_count: number }>(
    await database.db.execute(sql`select capacity, registered_count from event_timeslots order by start_time`),
  ).map((row) => [row.registered_count, row.capacity]);
}

async function refusal(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
    return undefined;
  } catch (error) {
    return pgErrorCode(error);
  }
}

describe("migrations over a database holding registrations", () => {
  it("0002 counts the registrations already in each slot, and the slots refuse past their capacity from then on", async () => {
    const open = await databaseAt();
    const before = await open(migrationsBefore("0002"));
    await before.migrate();
    const seeded = await seedRegistrations(before);
    await before.close();

    const after = await open();
    await after.migrate();
    expect(await counts(after)).toEqual([
      [3, 3],
      [2, 5],
    ]);
    const copyOne = (slotId: string) =>
      after.db.execute(sql`insert into model_registrations (event_id, timeslot_id, full_name, date_of_birth, age, location, email,
          phone_number, height, registration_code)
        select event_id, timeslot_id, full_name, date_of_birth, age, location, 'new-' || email, phone_number, height, registration_code || 'N'
        from model_registrations where timeslot_id = ${slotId} limit 1`);
    expect(await refusal(() => copyOne(seeded.full))).toBe(PG_CHECK_VIOLATION);
    expect(await refusal(() => copyOne(seeded.open))).toBeUndefined();
    await after.db.execute(sql`delete from model_registrations where timeslot_id = ${seeded.full}`);
    expect(await counts(after)).toEqual([
      [0, 3],
      [3, 5],
    ]);
    await after.close();
  });

  it("0004 keeps every registration and ties each to a slot of its own event", async () => {
    const open = await databaseAt();
    const before = await open(migrationsBefore("0004"));
    await before.migrate();
    const seeded = await seedRegistrations(before);
    await before.close();

    const after = await open();
    await after.migrate();
    const [{ n } = { n: -1 }] = rows<{ n: number }>(
      await after.db.execute(sql`select count(*)::int as n from model_registrations`),
    );
    expect(n).toBe(5);
    expect(await counts(after)).toEqual([
      [3, 3],
      [2, 5],
    ]);
    // A slot of another event is refused by the new key.
    const [other] = rows<{ id: string }>(
      await after.db.execute(sql`insert into scouting_events (scouting_id, slug, event_name, event_date, location)
        values ('SC-MIG-2', 'otro', 'Otro', '2026-04-01', 'Salta') returning id`),
    );
    const moved = () =>
      after.db.execute(sql`update model_registrations set event_id = ${other!.id} where timeslot_id = ${seeded.open}`);
    expect(await refusal(moved)).toBe(PG_FOREIGN_KEY_VIOLATION);
    await after.close();
  });

  it("event_slug gives every event a unique short address made from its name", async () => {
    const open = await databaseAt();
    const before = await open(migrationsBefore("event_slug"));
    await before.migrate();
    const names = [
      "Casting Córdoba 2027",
      "CASTING CÓRDOBA 2027",
      "Casting Córdoba 2027 2",
      "¡Ñandú & Über — Straße!",
      "★★★",
      `Casting ${"largo ".repeat(20)}`,
      `Casting ${"largo ".repeat(20)}`,
      "M".repeat(70),
    ];
    let n = 0;
    for (const name of names) {
      n += 1;
      // Created one after another: the oldest keeps the plain slug.
      await before.db.execute(sql`insert into scouting_events (scouting_id, event_name, event_date, location, created_at)
        values (${`SC-SLUG-${n}`}, ${name}, '2026-03-05', 'Córdoba', ${new Date(Date.UTC(2026, 0, n)).toISOString()})`);
    }
    await before.close();

    const after = await open();
    await after.migrate();
    const slugs = rows<{ slug: string }>(await after.db.execute(sql`select slug from scouting_events order by created_at`)).map(
      (row) => row.slug,
    );
    // Cut after the last whole word within 60 characters.
    const long = `casting${"-largo".repeat(8)}`;
    expect(slugs).toEqual([
      "casting-cordoba-2027",
      "casting-cordoba-2027-2",
      // Its own name's slug was taken by the one before it.
      "casting-cordoba-2027-2-2",
      "nandu-uber-strasse",
      "evento",
      long,
      `${long}-2`,
      "mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
    ]);
    // From now on every event has one, and no two share it.
    expect(
      await refusal(() =>
        after.db.execute(sql`insert into scouting_events (scouting_id, event_name, event_date, location)
          values ('SC-SLUG-X', 'Sin slug', '2026-03-05', 'Salta')`),
      ),
    ).toBe("23502");
    expect(
      await refusal(() =>
        after.db.execute(sql`insert into scouting_events (scouting_id, slug, event_name, event_date, location)
          values ('SC-SLUG-Y', 'evento', 'Otro', '2026-03-05', 'Salta')`),
      ),
    ).toBe("23505");
    await after.close();
  });

  it("funnel_reached gives each registration the furthest stage it reached, from its stage and its history", async () => {
    const open = await databaseAt();
    const before = await open(migrationsBefore("funnel_reached"));
    await before.migrate();
    const [event] = rows<{ id: string }>(
      await before.db.execute(sql`insert into scouting_events (scouting_id, slug, event_name, event_date, location)
        values ('SC-FUN-1', 'casting-embudo', 'Casting embudo', '2026-03-05', 'Rosario') returning id`),
    );
    const [slot] = rows<{ id: string }>(
      await before.db.execute(sql`insert into event_timeslots (event_id, start_time, end_time, capacity)
        values (${event!.id}, '10:00', '11:00', 3) returning id`),
    );
    const full = slot!.id;
    const ids = rows<{ id: string }>(
      await before.db.execute(sql`insert into model_registrations (event_id, timeslot_id, full_name, date_of_birth, age, location,
          email, phone_number, height, registration_code)
        select ${event!.id}, ${full}, 'Persona ' || n, '2004-05-17', 21, 'Rosario', 'p' || n || '@example.com', '3415551234', 170, 'OC-F' || n
        from generate_series(1, 3) n order by n returning id`),
    ).map((row) => row.id) as [string, string, string];
    // Signed now; discarded after a callback; new and never moved.
    await before.db.execute(sql`update model_registrations set stage = 'signed' where id = ${ids[0]}`);
    await before.db.execute(sql`update model_registrations set stage = 'discarded' where id = ${ids[1]}`);
    await before.db.execute(sql`insert into registration_stage_changes (registration_id, from_stage, to_stage)
      values (${ids[1]}, 'new', 'shortlisted'), (${ids[1]}, 'shortlisted', 'callback'), (${ids[1]}, 'callback', 'discarded')`);
    await before.close();

    const after = await open();
    await after.migrate();
    const reached = rows<{ id: string; funnel_reached: number }>(
      await after.db.execute(sql`select id, funnel_reached from model_registrations where timeslot_id = ${full}`),
    );
    expect(Object.fromEntries(reached.map((row) => [row.id, row.funnel_reached]))).toEqual({
      [ids[0]]: 3,
      [ids[1]]: 2,
      [ids[2]]: 0,
    });
    await after.close();
  });
});
