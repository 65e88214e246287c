/**
 * What a person's export reads (issue 18; the archive's rules: privacy.export.ts): their
 * registration with its event and slot, their mail, campaign receipts, photos, and places in waiting
 * lines with their photos. Plain reads on the database: no transaction is held while the archive streams.
 */
import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import {
  emailCampaignRecipients,
  emailCampaigns,
  eventTimeslots,
  modelRegistrations,
  outboxMessages,
  photos,
  scoutingEvents,
  waitlistEntries,
} from "../../db/schema";

export type PrivacyExportRepository = ReturnType<typeof createPrivacyExportRepository>;

export function createPrivacyExportRepository(db: Db) {
  return {
    async findRegistrationWithEvent(registrationId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ registration: modelRegistrations, event: scoutingEvents, timeslot: eventTimeslots })
        .from(modelRegistrations)
        .innerJoin(scoutingEvents, eq(scoutingEvents.id, modelRegistrations.eventId))
        .leftJoin(eventTimeslots, eq(eventTimeslots.id, modelRegistrations.timeslotId))
        .where(eq(modelRegistrations.id, registrationId));
      return row;
    },

    /** The outbox rows `where` selects (privacy.mail.ts's personalMail), oldest first. */
    mail(where: SQL, tx: DbOrTx = db) {
      return tx
        .select({
          kind: outboxMessages.kind,
          to: outboxMessages.toAddress,
          subject: outboxMessages.subject,
          text: outboxMessages.textBody,
          status: outboxMessages.status,
          createdAt: outboxMessages.createdAt,
          sentAt: outboxMessages.sentAt,
        })
        .from(outboxMessages)
        .where(where)
        .orderBy(outboxMessages.id);
    },

    campaignReceipts(registrationId: string, tx: DbOrTx = db) {
      return tx
        .select({
          subject: emailCampaigns.subject,
          status: emailCampaignRecipients.status,
          sentAt: emailCampaignRecipients.sentAt,
          readAt: emailCampaignRecipients.readAt,
        })
        .from(emailCampaignRecipients)
        .innerJoin(emailCampaigns, eq(emailCampaigns.id, emailCampaignRecipients.campaignId))
        .where(eq(emailCampaignRecipients.registrationId, registrationId));
    },

    photosOfRegistration(registrationId: string, tx: DbOrTx = db) {
      return tx
        .select({ kind: photos.kind, largeKey: photos.largeKey, createdAt: photos.createdAt })
        .from(photos)
        .where(inArray(photos.registrationId, [registrationId]));
    },

    /**
     * The entry that became this registration, and every entry of its address, in every event, with
     * its event and slot; first joined first.
     */
    waitlistEntriesOf(registration: { id: string; email: string }, tx: DbOrTx = db) {
      return tx
        .select({ entry: waitlistEntries, event: scoutingEvents, timeslot: eventTimeslots })
        .from(waitlistEntries)
        .innerJoin(scoutingEvents, eq(scoutingEvents.id, waitlistEntries.eventId))
        .leftJoin(eventTimeslots, eq(eventTimeslots.id, waitlistEntries.timeslotId))
        .where(
          sql`${waitlistEntries.registrationId} = ${registration.id} or lower(${waitlistEntries.email}) = ${registration.email.toLowerCase()}`,
        )
        .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
    },

    async photosOfEntries(entryIds: string[], tx: DbOrTx = db) {
      if (entryIds.length === 0) return [];
      return tx
        .select({ entryId: photos.waitlistEntryId, kind: photos.kind, largeKey: photos.largeKey, createdAt: photos.createdAt })
        .from(photos)
        .where(inArray(photos.waitlistEntryId, entryIds));
    },
  };
}
