import type { RegistrationStage } from "@common/constants";
import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import {
  emailCampaignRecipients as recipients,
  emailCampaigns as campaigns,
  eventTimeslots,
  modelRegistrations,
  scoutingEvents,
  users,
} from "../../db/schema";

const countOf = (status: string) => sql<number>`(count(${recipients.id}) filter (where ${recipients.status} = ${status}))::int`;

const summaryColumns = {
  id: campaigns.id,
  subject: campaigns.subject,
  content: campaigns.content,
  isHtml: campaigns.isHtml,
  status: campaigns.status,
  recipientCount: campaigns.recipientCount,
  sentAt: campaigns.sentAt,
  completedAt: campaigns.completedAt,
  eventId: scoutingEvents.id,
  eventName: scoutingEvents.eventName,
  creatorName: users.name,
  creatorEmail: users.email,
  queued: countOf("queued"),
  sent: countOf("sent"),
  failed: countOf("failed"),
  read: countOf("read"),
};

export type CampaignSummaryRow = Awaited<ReturnType<CampaignsRepository["listCampaigns"]>>[number];

export function createCampaignsRepository(db: Db) {
  return {
    async findEvent(eventId: string, q: DbOrTx = db) {
      const [event] = await q
        .select({ id: scoutingEvents.id, eventName: scoutingEvents.eventName, eventDate: scoutingEvents.eventDate })
        .from(scoutingEvents)
        .where(eq(scoutingEvents.id, eventId));
      return event;
    },

    /** The registrations of this event among `ids`, with what the placeholders need. */
    findRecipientsData: (eventId: string, ids: string[], q: DbOrTx = db) => recipientsData(q, eventId, ids),
    findStageRecipientsData: (eventId: string, stage: RegistrationStage, limit: number, q: DbOrTx = db) =>
      recipientsQuery(
        q,
        and(
          eq(modelRegistrations.eventId, eventId),
          eq(modelRegistrations.stage, stage),
          ne(modelRegistrations.status, "cancelled"),
        ),
      ).limit(limit),

    async insertCampaign(values: typeof campaigns.$inferInsert, q: DbOrTx = db) {
      const [row] = await q.insert(campaigns).values(values).returning({ id: campaigns.id });
      if (!row) throw new Error("campaign insert returned no row");
      return row;
    },

    insertRecipients(values: Array<typeof recipients.$inferInsert>, q: DbOrTx = db) {
      return q.insert(recipients).values(values).returning({ id: recipients.id, registrationId: recipients.registrationId });
    },

    /** Newest first (SPEC.md §7: ordered by sent_at descending). */
    listCampaigns(eventId?: string, q: DbOrTx = db) {
      return summaries(q, eventId ? eq(campaigns.eventId, eventId) : undefined).orderBy(
        desc(campaigns.sentAt),
        desc(campaigns.id),
      );
    },

    async findCampaign(id: string, q: DbOrTx = db) {
      const [row] = await summaries(q, eq(campaigns.id, id));
      return row;
    },

    listRecipients: (campaignId: string, q: DbOrTx = db) => recipientsOf(q, campaignId),

    async findRegistrationEventId(registrationId: string, q: DbOrTx = db) {
      const [row] = await q
        .select({ eventId: modelRegistrations.eventId })
        .from(modelRegistrations)
        .where(eq(modelRegistrations.id, registrationId));
      return row?.eventId;
    },

    /** Campaigns of the registration's own event that included it, newest first. */
    listRegistrationCampaigns(registrationId: string, eventId: string, q: DbOrTx = db) {
      return q
        .selectDistinct({ id: campaigns.id, subject: campaigns.subject, sentAt: campaigns.sentAt, status: campaigns.status })
        .from(recipients)
        .innerJoin(campaigns, eq(campaigns.id, recipients.campaignId))
        .where(and(eq(recipients.registrationId, registrationId), eq(campaigns.eventId, eventId)))
        .orderBy(desc(campaigns.sentAt), desc(campaigns.id));
    },

    /**
     * Marks a delivered recipient read, once: a second load, an unknown token or an undelivered
     * message change nothing.
     */
    async markRead(readTokenHash: string, q: DbOrTx = db) {
      const rows = await q
        .update(recipients)
        .set({ status: "read", readAt: new Date() })
        .where(and(eq(recipients.readTokenHash, readTokenHash), eq(recipients.status, "sent"), isNull(recipients.readAt)))
        .returning({ id: recipients.id });
      return rows.length > 0;
    },
  };
}

export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;

function summaries(q: DbOrTx, where: SQL | undefined) {
  return q
    .select(summaryColumns)
    .from(campaigns)
    .leftJoin(scoutingEvents, eq(scoutingEvents.id, campaigns.eventId))
    .leftJoin(users, eq(users.id, campaigns.createdBy))
    .leftJoin(recipients, eq(recipients.campaignId, campaigns.id))
    .where(where)
    .groupBy(campaigns.id, scoutingEvents.id, users.id);
}

function recipientsData(q: DbOrTx, eventId: string, ids: string[]) {
  return recipientsQuery(q, and(eq(modelRegistrations.eventId, eventId), inArray(modelRegistrations.id, ids)));
}

function recipientsQuery(q: DbOrTx, where: SQL | undefined) {
  return q
    .select({
      id: modelRegistrations.id,
      fullName: modelRegistrations.fullName,
      email: modelRegistrations.email,
      registrationCode: modelRegistrations.registrationCode,
      language: modelRegistrations.language,
      status: modelRegistrations.status,
      startTime: eventTimeslots.startTime,
      endTime: eventTimeslots.endTime,
    })
    .from(modelRegistrations)
    .innerJoin(eventTimeslots, eq(eventTimeslots.id, modelRegistrations.timeslotId))
    .where(where)
    .orderBy(asc(modelRegistrations.createdAt), asc(modelRegistrations.id));
}

function recipientsOf(q: DbOrTx, campaignId: string) {
  return q
    .select({
      id: recipients.id,
      registrationId: recipients.registrationId,
      fullName: recipients.fullName,
      email: recipients.email,
      status: recipients.status,
      errorMessage: recipients.errorMessage,
      sentAt: recipients.sentAt,
      readAt: recipients.readAt,
    })
    .from(recipients)
    .where(eq(recipients.campaignId, campaignId))
    .orderBy(sql`${recipients.sentAt} asc nulls last`, asc(recipients.fullName), asc(recipients.id));
}
