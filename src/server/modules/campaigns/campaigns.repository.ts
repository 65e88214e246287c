import type { RegistrationStage } from "@common/constants";
import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db, type DbOrTx } from "../../db/client";
import {
  emailCampaignRecipients as recipients,
  emailCampaigns as campaigns,
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
  mailbox: countOf("mailbox"),
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

    /** How many registrations `selection` holds: in all, and not cancelled (those a campaign writes to). */
    async countSelection(selection: SQL, q: DbOrTx = db) {
      const [row] = await q
        .select({
          all: sql<number>`count(*)::int`,
          live: sql<number>`(count(*) filter (where ${modelRegistrations.status} <> 'cancelled'))::int`,
        })
        .from(modelRegistrations)
        .where(selection);
      return { all: row?.all ?? 0, live: row?.live ?? 0 };
    },

    async insertCampaign(values: typeof campaigns.$inferInsert, q: DbOrTx = db) {
      const [row] = await q.insert(campaigns).values(values).returning({ id: campaigns.id });
      if (!row) throw new Error("campaign insert returned no row");
      return row;
    },

    /** One queued recipient per registration of `selection` but the cancelled ones; returns how many. */
    insertRecipientsFrom: (campaignId: string, selection: SQL, q: DbOrTx = db) => insertRecipientsFrom(campaignId, selection, q),

    async setRecipientCount(campaignId: string, recipientCount: number, q: DbOrTx = db) {
      await q.update(campaigns).set({ recipientCount }).where(eq(campaigns.id, campaignId));
    },

    /** Newest first (docs/product.md §7: ordered by sent_at descending). */
    listCampaigns(eventId?: string, q: DbOrTx = db) {
      return summaries(eventId ? eq(campaigns.eventId, eventId) : undefined, q).orderBy(
        desc(campaigns.sentAt),
        desc(campaigns.id),
      );
    },

    async findCampaign(id: string, q: DbOrTx = db) {
      const [row] = await summaries(eq(campaigns.id, id), q);
      return row;
    },

    listRecipients: (campaignId: string, q: DbOrTx = db) => recipientsOf(campaignId, q),

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
        .selectDistinct({
          id: campaigns.id,
          subject: campaigns.subject,
          sentAt: campaigns.sentAt,
          status: campaigns.status,
          recipientStatus: recipients.status,
        })
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

function summaries(where: SQL | undefined, q: DbOrTx) {
  return q
    .select(summaryColumns)
    .from(campaigns)
    .leftJoin(scoutingEvents, eq(scoutingEvents.id, campaigns.eventId))
    .leftJoin(users, eq(users.id, campaigns.createdBy))
    .leftJoin(recipients, eq(recipients.campaignId, campaigns.id))
    .where(where)
    .groupBy(campaigns.id, scoutingEvents.id, users.id);
}

function recipientsOf(campaignId: string, q: DbOrTx) {
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

/** The registrations a campaign is for: the selected ids of the event, or everyone of the event in a stage. */
export function campaignSelection(eventId: string, by: { registrationIds: string[] } | { stage: RegistrationStage }): SQL {
  const ofEvent = eq(modelRegistrations.eventId, eventId);
  return "stage" in by
    ? and(ofEvent, eq(modelRegistrations.stage, by.stage))!
    : and(ofEvent, sql`${modelRegistrations.id} = any(${sql.param(by.registrationIds)}::uuid[])`)!;
}

/** In one statement: nothing of the registrations passes through this process. */
async function insertRecipientsFrom(campaignId: string, selection: SQL, q: DbOrTx): Promise<number> {
  const result = await q.execute(sql`
    with inserted as (
      insert into ${recipients} (campaign_id, registration_id, email, full_name, status)
      select ${campaignId}::uuid, ${modelRegistrations.id}, ${modelRegistrations.email}, ${modelRegistrations.fullName}, 'queued'
      from ${modelRegistrations}
      where ${selection} and ${modelRegistrations.status} <> 'cancelled'
      returning 1
    )
    select count(*)::int as n from inserted`);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}
