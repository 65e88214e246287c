/** Inserts an event with its slots and a crowd of registrations (demo, journeys, benchmark). */
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import { eventTimeslots, modelRegistrations, scoutingEvents, scoutingIdSequence } from "../../src/server/db/schema";
import { freeSlugFor } from "../../src/server/modules/events/event-slug.generator";
import { person, randomSource, registrationCode } from "./people";

export interface SeedEventOptions {
  seed: number;
  eventName: string;
  eventDate: string;
  location: string;
  description?: string;
  confirmationDetails?: string;
  status?: "active" | "inactive";
  slots: Array<{ startTime: string; endTime: string; capacity: number }>;
  registrations: number;
  /** Registrations are spread over the days before this instant. */
  until?: Date;
}

export async function seedEvent(db: Db, options: SeedEventOptions) {
  const random = randomSource(options.seed);
  const rows = await db.execute<{ next: string }>(sql`select nextval(${sql.raw(`'${scoutingIdSequence.seqName}'`)}) as next`);
  const next = (Array.isArray(rows) ? rows : (rows as unknown as { rows: Array<{ next: string }> }).rows)[0]?.next ?? "1";
  const [event] = await db
    .insert(scoutingEvents)
    .values({
      scoutingId: `EV-${options.eventDate.slice(0, 4)}-${String(next).padStart(4, "0")}`,
      slug: await freeSlugFor(db, options.eventName),
      eventName: options.eventName,
      eventDate: options.eventDate,
      location: options.location,
      description: options.description ?? "",
      confirmationDetails: options.confirmationDetails ?? "",
      status: options.status ?? "active",
    })
    .returning();
  if (!event) throw new Error("event insert returned no row");
  const slots = await db
    .insert(eventTimeslots)
    .values(options.slots.map((slot) => ({ ...slot, eventId: event.id })))
    .returning();

  const until = (options.until ?? new Date()).getTime();
  const left = new Map(slots.map((slot) => [slot.id, slot.capacity]));
  const codes = new Set<string>();
  let batch: Array<typeof modelRegistrations.$inferInsert> = [];
  let inserted = 0;
  for (let i = 0; i < options.registrations; i++) {
    const open = slots.filter((slot) => (left.get(slot.id) ?? 0) > 0);
    const slot = open.length > 0 ? random.pick(open) : random.pick(slots);
    left.set(slot.id, (left.get(slot.id) ?? 0) - 1);
    let code = registrationCode(random);
    while (codes.has(code)) code = registrationCode(random);
    codes.add(code);
    const verified = random.chance(0.7);
    const attended = verified && random.chance(0.35);
    batch.push({
      ...person(random, i, options.eventDate),
      eventId: event.id,
      timeslotId: slot.id,
      status: verified ? "confirmed" : "pending",
      emailVerified: verified,
      emailVerifiedAt: verified ? new Date(until - (options.registrations - i) * 600_000 + 3_600_000) : null,
      registrationCode: code,
      liked: random.chance(0.18),
      attended,
      rating: attended && random.chance(0.7) ? random.int(1, 5) : null,
      createdAt: new Date(until - (options.registrations - i) * 600_000),
    });
    if (batch.length === 1000) {
      await db.insert(modelRegistrations).values(batch);
      inserted += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) await db.insert(modelRegistrations).values(batch);
  inserted += batch.length;
  return { ...event, timeslots: slots, registrations: inserted };
}
