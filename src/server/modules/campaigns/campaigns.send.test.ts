/**
 * Issue 32: a campaign sent without SMTP says where its messages are (the mailbox, never "Fallido");
 * a mistyped placeholder is refused, named, unless the sender confirms it; and the POST answers at
 * once, its messages written in the background, each exactly once.
 */
import { count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seedEvent } from "../../../../scripts/lib/seed";
import { rowsOf } from "../../db/client";
import { emailCampaignRecipients, emailCampaigns, modelRegistrations, outboxMessages } from "../../db/schema";
import { createOutboxWorker } from "../../jobs/outbox-worker";
import { signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { memoryLogger } from "../../test/outbox";
import { recordCampaignDeliveries } from "./campaigns.progress";
import { eventWithRegistrations } from "./campaigns.test-support";

const t = useTestApp();
let headers: Record<string, string>;

beforeAll(async () => {
  headers = (await signedInAs(t.app, { role: "admin" })).headers;
});

const send = (payload: object) => t.app.inject({ method: "POST", url: "/api/campaigns", headers, payload });
const get = async (url: string) => (await t.app.inject({ method: "GET", url, headers })).json();

/** Outbox rows per recipient of a campaign: [recipients, rows, recipients with more than one row]. */
async function messagesOf(campaignId: string) {
  const [row] = rowsOf<{ recipients: number; messages: number; twice: number }>(
    await t.db.execute(sql`
      select count(distinct r.id)::int as recipients, count(o.id)::int as messages,
        (select count(*)::int from (select campaign_recipient_id from outbox_messages o2
          join email_campaign_recipients r2 on r2.id = o2.campaign_recipient_id
          where r2.campaign_id = ${campaignId}::uuid group by campaign_recipient_id having count(*) > 1) d) as twice
      from email_campaign_recipients r left join outbox_messages o on o.campaign_recipient_id = r.id
      where r.campaign_id = ${campaignId}::uuid`),
  );
  return row!;
}

describe("a campaign without SMTP (the in-app mailbox)", () => {
  it("says so in its reply, its recipients, its status and each registration's history; never failed", async () => {
    const { event, registrations } = await eventWithRegistrations(t.db, 2);
    const res = await send({
      eventId: event.id,
      registrationIds: registrations.map((r) => r.id),
      subject: "Aviso",
      content: "Hola {nombre}",
      isHtml: false,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      recipientCount: 2,
      delivery: "mailbox",
      message: expect.stringContaining("en el buzón, sin SMTP"),
    });
    expect(res.json().message).not.toMatch(/enviados correctamente/i);
    const { campaignId } = res.json<{ campaignId: string }>();
    await t.app.ctx.campaignMessages.idle();

    const worker = createOutboxWorker({
      db: t.db,
      config: t.config,
      log: memoryLogger(),
      onDelivered: recordCampaignDeliveries,
      transport: null,
    });
    await worker.drainOnce();
    await worker.stop();

    const detail = await get(`/api/campaigns/${campaignId}`);
    expect(detail.status).toBe("mailbox");
    expect(detail.counts).toEqual({ queued: 0, sent: 0, failed: 0, read: 0, mailbox: 2 });
    for (const recipient of detail.recipients) expect(recipient).toMatchObject({ status: "mailbox", errorMessage: null });
    const history = await get(`/api/registrations/${registrations[0]!.id}/campaigns`);
    expect(history.items).toEqual([expect.objectContaining({ id: campaignId, status: "mailbox", recipientStatus: "mailbox" })]);
    // The Mailbox shows the messages kept there (labelled "En el buzón, sin SMTP").
    const kept = await t.db
      .select({ status: outboxMessages.status })
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, "campaign"));
    expect(kept.map((m) => m.status)).toEqual(["undelivered", "undelivered"]);
  });
});

describe("placeholders", () => {
  it("refuses an unknown placeholder, naming it, and writes nothing; sends it as written once confirmed", async () => {
    const { event, registrations } = await eventWithRegistrations(t.db, 1);
    const body = {
      eventId: event.id,
      registrationIds: [registrations[0]!.id],
      subject: "Novedades de {Agencia}",
      content: "Hola {nombre}, te escribe {Agencia} desde { Ciudad }.",
      isHtml: false,
    };
    const [before] = await t.db.select({ n: count() }).from(emailCampaigns);
    const refused = await send(body);
    expect(refused.statusCode).toBe(400);
    const { error } = refused.json();
    expect(error.code).toBe("unknown_placeholders");
    expect(error.message).toContain("{Agencia}, { Ciudad }");
    expect(error.message).toContain("{nombre}, {codigo}, {evento}, {fecha}, {horario}");
    expect(error.fields.subject).toContain("{Agencia}");
    expect(error.fields.content).toContain("{Agencia}, { Ciudad }");
    const [after] = await t.db.select({ n: count() }).from(emailCampaigns);
    expect(after!.n).toBe(before!.n);

    const confirmed = await send({ ...body, allowUnknownPlaceholders: true });
    expect(confirmed.statusCode).toBe(202);
    await t.app.ctx.campaignMessages.idle();
    const [mail] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, registrations[0]!.email));
    expect(mail!.subject).toBe("Novedades de {Agencia}");
    expect(mail!.textBody).toContain(`Hola ${registrations[0]!.fullName}, te escribe {Agencia}`);
  });
});

describe("a 1,000-recipient campaign", () => {
  it("answers 202 before its messages are written, then writes each recipient's exactly once", { timeout: 240_000 }, async () => {
    const crowd = await seedEvent(t.db, {
      seed: 11,
      eventName: "Casting Multitudinario",
      eventDate: "2026-05-01",
      location: "La Rural",
      slots: [{ startTime: "10:00", endTime: "18:00", capacity: 1000 }],
      registrations: 1000,
    });
    const ids = (
      await t.db.select({ id: modelRegistrations.id }).from(modelRegistrations).where(eq(modelRegistrations.eventId, crowd.id))
    ).map((r) => r.id);
    const res = await send({
      eventId: crowd.id,
      registrationIds: ids,
      subject: "Hola {nombre}",
      content: "Tu código: {codigo}",
      isHtml: false,
    });
    expect(res.statusCode).toBe(202);
    const { campaignId, recipientCount } = res.json<{ campaignId: string; recipientCount: number }>();
    expect(recipientCount).toBe(1000);
    // Every recipient is stored when it answers; their messages are not all written yet.
    const atReply = await messagesOf(campaignId);
    expect(atReply.recipients).toBe(1000);
    expect(atReply.messages).toBeLessThan(1000);

    await t.app.ctx.campaignMessages.idle();
    expect(await messagesOf(campaignId)).toEqual({ recipients: 1000, messages: 1000, twice: 0 });
    const tokens = await t.db
      .select({ n: count() })
      .from(emailCampaignRecipients)
      .where(sql`${emailCampaignRecipients.campaignId} = ${campaignId} and ${emailCampaignRecipients.readTokenHash} is not null`);
    expect(tokens[0]!.n).toBe(1000);
  });
});

describe("a selection that empties while the campaign is stored", () => {
  it("stores no campaign: everyone cancelled between the count and the recipients' insert", async () => {
    const { event, registrations } = await eventWithRegistrations(t.db, 2);
    // A trigger plays the visitors cancelling in between: it runs inside the campaign's transaction,
    // after the selection was counted and before its recipients are inserted.
    await t.db.execute(sql`create function cancel_all_of_event() returns trigger language plpgsql as $$
      begin update model_registrations set status = 'cancelled', cancelled_at = now() where event_id = ${sql.raw(`'${event.id}'`)}; return new; end $$`);
    await t.db.execute(sql`create trigger cancel_all_of_event after insert on email_campaigns
      for each row execute function cancel_all_of_event()`);
    try {
      const res = await send({
        eventId: event.id,
        registrationIds: registrations.map((r) => r.id),
        subject: "Aviso",
        content: "Hola",
        isHtml: false,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty("registrationIds");
      expect(await t.db.select().from(emailCampaigns).where(eq(emailCampaigns.eventId, event.id))).toEqual([]);
    } finally {
      await t.db.execute(sql`drop trigger cancel_all_of_event on email_campaigns`);
      await t.db.execute(sql`drop function cancel_all_of_event()`);
    }
  });
});
