/**
 * The privacy module's queries (issue 18): the notice's versions, the retention settings, and what
 * the guardian's page, the access request and retention's "keep" read and write of a registration.
 * Erasure's and retention's statements: privacy.erase.repository.ts; the export's: privacy.export.ts.
 */
import type { PrivacyNotice } from "@common/schemas/privacy";
import { desc, eq, sql } from "drizzle-orm";
import type { GuardianStatus } from "@common/constants";
import type { Db, DbOrTx } from "../../db/client";
import { eventTimeslots, modelRegistrations, privacyNotices, privacySettings, scoutingEvents } from "../../db/schema";

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;

export function createPrivacyRepository(db: Db) {
  return { ...noticeQueries(db), ...registrationQueries(db) };
}

/** The notice's versions and the retention settings. */
function noticeQueries(db: Db) {
  return {
    /** The newest published notice (migration 0011 publishes version 1). */
    async currentNotice(tx: DbOrTx = db) {
      const [notice] = await tx.select().from(privacyNotices).orderBy(desc(privacyNotices.version)).limit(1);
      if (!notice) throw new Error("no privacy notice: migration 0011 publishes the first one");
      return notice;
    },

    async noticeOfVersion(version: number, tx: DbOrTx = db) {
      const [notice] = await tx.select().from(privacyNotices).where(eq(privacyNotices.version, version));
      return notice;
    },

    async notices(tx: DbOrTx = db) {
      return tx.select().from(privacyNotices).orderBy(desc(privacyNotices.version));
    },

    /** A new version, the next number (the table's key keeps two publications from taking one number). */
    async publishNotice(input: { textEs: string; textEn: string; publishedBy: string }, now: Date, tx: DbOrTx = db) {
      const [notice] = await tx
        .insert(privacyNotices)
        .values({
          version: sql`(select coalesce(max(${privacyNotices.version}), 0) + 1 from ${privacyNotices})`,
          textEs: input.textEs,
          textEn: input.textEn,
          publishedBy: input.publishedBy,
          publishedAt: now,
        })
        .returning();
      return notice!;
    },

    async settings(tx: DbOrTx = db) {
      const [row] = await tx.select().from(privacySettings).where(eq(privacySettings.id, true));
      return row ?? { id: true, retentionMonths: 12, outboxRetentionDays: 90, updatedAt: new Date(0) };
    },

    async updateSettings(values: { retentionMonths: number; outboxRetentionDays: number }, now: Date, tx: DbOrTx = db) {
      const [row] = await tx
        .insert(privacySettings)
        .values({ id: true, ...values, updatedAt: now })
        .onConflictDoUpdate({ target: privacySettings.id, set: { ...values, updatedAt: now } })
        .returning();
      return row!;
    },
  };
}

/** What the privacy pages read and write of a registration. */
function registrationQueries(db: Db) {
  return {
    /** The registration a guardian's page shows, with its event and slot. */
    async findForGuardian(id: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          fullName: modelRegistrations.fullName,
          registrationCode: modelRegistrations.registrationCode,
          dateOfBirth: modelRegistrations.dateOfBirth,
          consentClientSharing: modelRegistrations.consentClientSharing,
          guardianName: modelRegistrations.guardianName,
          guardianStatus: modelRegistrations.guardianStatus,
          eventName: scoutingEvents.eventName,
          eventDate: scoutingEvents.eventDate,
          location: scoutingEvents.location,
          startTime: eventTimeslots.startTime,
          endTime: eventTimeslots.endTime,
        })
        .from(modelRegistrations)
        .innerJoin(scoutingEvents, eq(scoutingEvents.id, modelRegistrations.eventId))
        .leftJoin(eventTimeslots, eq(eventTimeslots.id, modelRegistrations.timeslotId))
        .where(eq(modelRegistrations.id, id));
      return row;
    },

    /** The registration's guardian decision and state, locked FOR UPDATE. */
    async lockGuardianState(id: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          guardianStatus: modelRegistrations.guardianStatus,
          status: modelRegistrations.status,
          emailVerified: modelRegistrations.emailVerified,
        })
        .from(modelRegistrations)
        .where(eq(modelRegistrations.id, id))
        .for("update");
      return row;
    },

    /** The guardian's decision recorded; `bumpIcsSequence` when the calendar entry changes with it. */
    async setGuardianDecision(id: string, outcome: GuardianStatus, at: Date, bumpIcsSequence: boolean, tx: DbOrTx = db) {
      await tx
        .update(modelRegistrations)
        .set({
          guardianStatus: outcome,
          guardianDecidedAt: at,
          ...(bumpIcsSequence ? { icsSequence: sql`${modelRegistrations.icsSequence} + 1` } : {}),
        })
        .where(eq(modelRegistrations.id, id));
    },

    /** An address's registrations (at most `limit`) with their events, earliest event first. */
    registrationsOfEmail(email: string, limit: number, tx: DbOrTx = db) {
      return tx
        .select({ id: modelRegistrations.id, eventName: scoutingEvents.eventName, eventDate: scoutingEvents.eventDate })
        .from(modelRegistrations)
        .innerJoin(scoutingEvents, eq(scoutingEvents.id, modelRegistrations.eventId))
        .where(eq(modelRegistrations.email, email))
        .orderBy(scoutingEvents.eventDate)
        .limit(limit);
    },

    /** Retention's "keep" set; undefined when there is no such registration. */
    async setRetentionKeep(id: string, keep: boolean, tx: DbOrTx = db) {
      const [row] = await tx
        .update(modelRegistrations)
        .set({ retentionKeep: keep })
        .where(eq(modelRegistrations.id, id))
        .returning({ retentionKeep: modelRegistrations.retentionKeep, eventId: modelRegistrations.eventId });
      return row;
    },
  };
}

/** A notice as the API answers it. */
export const noticeToApi = (n: { version: number; textEs: string; textEn: string; publishedAt: Date }): PrivacyNotice => ({
  version: n.version,
  textEs: n.textEs,
  textEn: n.textEn,
  publishedAt: n.publishedAt.toISOString(),
});
