// Run by the registrations journeys (through tsx) on a fresh data directory BEFORE the app starts
// there: one event with its slots and registrations, and a member and an admin to sign in with.
// Usage: tsx e2e/support/seed-registrations.ts <dataDir>  → prints the seed as JSON.
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { openDatabase } from "../../src/server/db/client";
import { accounts, modelRegistrations, users } from "../../src/server/db/schema";
import { seedEvent } from "../../scripts/lib/seed";
import { SEED } from "./registrations-seed";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: seed-registrations.ts <dataDir>");

const database = await openDatabase({ dataDir: `${dataDir}/pglite` });
await database.migrate();
const { db } = database;

for (const staff of [SEED.member, SEED.admin]) {
  const id = randomUUID();
  await db
    .insert(users)
    .values({ id, name: staff.name, email: staff.email, emailVerified: true, role: staff.role, status: "approved" });
  await db.insert(accounts).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await hashPassword(staff.password),
  });
}

const event = await seedEvent(db, {
  seed: 7,
  eventName: SEED.eventName,
  eventDate: "2026-05-09",
  location: "Av. Santa Fe 1860, CABA",
  slots: [
    { startTime: "10:00", endTime: "12:00", capacity: 30 },
    { startTime: "12:00", endTime: "14:00", capacity: 30 },
    { startTime: "14:00", endTime: "16:00", capacity: 2 },
  ],
  registrations: SEED.total - 1,
  until: new Date(Date.now() - 3_600_000),
});
// The newest registration: pending and unverified, with accents to search for.
await db.insert(modelRegistrations).values({
  eventId: event.id,
  timeslotId: event.timeslots[0]!.id,
  fullName: SEED.pendingName,
  dateOfBirth: "2003-08-14",
  age: 22,
  location: "Córdoba",
  email: "nandu.pena@example.com",
  phoneNumber: "3515550000",
  height: 176,
  bust: 84,
  waist: 62,
  hips: 90,
  eyeColor: "Miel",
  instagramHandle: "nandu.pena",
  internationalWork: true,
  registrationCode: "OC-NANDU1",
});
await database.close();
console.log(JSON.stringify({ eventId: event.id }));
