/**
 * Writing a campaign's messages (issue 32, item 22). POST /api/campaigns stores the campaign and its
 * recipients (queued, no read token yet) and answers; the messages are written here, in the
 * background, a batch at a time: the recipients still without a message are read a hundred at a
 * time, each message rendered on its own (placeholders, sanitiser, read-tracking image), and about a
 * megabyte of them written per transaction. So the process holds one batch, never the campaign, and
 * on PGlite the other requests are answered between two messages (ADR 004).
 *
 * Exactly once: the transaction that writes a batch's outbox rows also gives each recipient its
 * read token, and only to a recipient still queued without one; the rows are written for those
 * alone. A process that dies mid-way leaves the rest without a token, and the next pass (another
 * campaign's POST, or the scheduler's pass in any process) writes them; two passes at once render
 * the same recipients at worst, and write each message once.
 */
import { formatTimeRange } from "@common/dates";
import { formatDateFor } from "@common/dates-language";
import { authenticSite } from "@common/public-paths";
import type { Language } from "@common/i18n";
import type { RecipientFailureReason } from "@common/schemas/campaigns";
import { sql } from "drizzle-orm";
import type { Config } from "../../config";
import { rowsOf, type Db } from "../../db/client";
import { manageUrl } from "../../lib/registration-links";
import { newSecretToken } from "../../lib/tokens";
import { enqueueEmails, type OutgoingEmail } from "../../mail/outbox";
import { campaignRenderer } from "./campaigns.email";
import { recordRecipientOutcomes, type RecipientDelivery } from "./campaigns.progress";
import { newMessageCode } from "./campaigns.message-code";

export const CAMPAIGN_EMAIL_KIND = "campaign";

const BATCH_BYTES = 1024 * 1024;
const BATCH_MESSAGES = 100;

export type CampaignMessagesConfig = Pick<Config, "publicUrl" | "authSecret">;

export function campaignReadUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/public/campaign-read/${token}`;
}

interface UnwrittenRecipient {
  id: string;
  campaignId: string;
  email: string;
  /** Null when the registration was deleted (or erased) before its message was written. */
  registrationId: string | null;
  fullName: string | null;
  registrationCode: string | null;
  language: Language | null;
  startTime: string | null;
  endTime: string | null;
  eventName: string | null;
  eventDate: string | null;
}

/** Up to `limit` queued recipients without a message, a campaign after the other. */
async function unwrittenRecipients(db: Db, limit: number): Promise<UnwrittenRecipient[]> {
  return rowsOf<UnwrittenRecipient>(
    await db.execute(sql`
      select cr.id, cr.campaign_id as "campaignId", cr.email, r.id as "registrationId", r.full_name as "fullName",
        r.registration_code as "registrationCode", r.language, ts.start_time as "startTime", ts.end_time as "endTime",
        e.event_name as "eventName", e.event_date::text as "eventDate"
      from email_campaign_recipients cr
      join email_campaigns c on c.id = cr.campaign_id
      left join model_registrations r on r.id = cr.registration_id
      left join event_timeslots ts on ts.id = r.timeslot_id
      left join scouting_events e on e.id = c.event_id
      where cr.status = 'queued' and cr.read_token_hash is null
      order by cr.campaign_id, cr.id
      limit ${limit}`),
  );
}

async function campaignContent(db: Db, campaignId: string) {
  const [row] = rowsOf<{ subject: string; content: string; isHtml: boolean }>(
    await db.execute(sql`select subject, content, is_html as "isHtml" from email_campaigns where id = ${campaignId}::uuid`),
  );
  return row;
}

type RenderMessage = ReturnType<typeof campaignRenderer>;

interface Rendered {
  recipientId: string;
  tokenHash: string;
  messageCode: string;
  email: OutgoingEmail;
}

/**
 * Writes the messages rendered, giving each recipient its token, in one transaction; a recipient
 * another pass wrote meanwhile (it has a token now) gets nothing. Returns how many were written.
 */
async function writeBatch(db: Db, batch: Rendered[]): Promise<number> {
  if (batch.length === 0) return 0;
  return db.transaction(async (tx) => {
    const ids = batch.map((item) => item.recipientId);
    const hashes = batch.map((item) => item.tokenHash);
    const codes = batch.map((item) => item.messageCode);
    const claimed = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update email_campaign_recipients cr set read_token_hash = v.hash, message_code = v.code
        from unnest(${sql.param(ids)}::uuid[], ${sql.param(hashes)}::text[], ${sql.param(codes)}::text[]) as v(id, hash, code)
        where cr.id = v.id and cr.status = 'queued' and cr.read_token_hash is null
        returning cr.id`),
    );
    const mine = new Set(claimed.map((row) => row.id));
    await enqueueEmails(
      tx,
      batch.filter((item) => mine.has(item.recipientId)).map((item) => item.email),
    );
    return mine.size;
  });
}

/** The recipients that can get no message fail, with the reason: their campaign still ends. */
async function failRecipients(db: Db, failures: RecipientDelivery[], now: Date): Promise<void> {
  if (failures.length > 0) await db.transaction((tx) => recordRecipientOutcomes(tx, failures, now));
}

/**
 * Writes every message still to be written, batch after batch, until none is left; returns how many
 * it wrote. A database failure stops the pass (what was written stays written; the rest waits for
 * the next pass); a message that cannot be rendered fails its recipient alone.
 */
export async function writeCampaignMessages(
  db: Db,
  config: CampaignMessagesConfig,
  options: { batchMessages?: number; clock?: () => Date } = {},
): Promise<number> {
  const limit = options.batchMessages ?? BATCH_MESSAGES;
  const clock = options.clock ?? (() => new Date());
  let renderer: { campaignId: string; render: RenderMessage } | undefined;
  let written = 0;
  for (;;) {
    const recipients = await unwrittenRecipients(db, limit);
    if (recipients.length === 0) return written;
    let batch: Rendered[] = [];
    let bytes = 0;
    const failures: RecipientDelivery[] = [];
    for (const recipient of recipients) {
      // Rendering a large message takes tens of milliseconds, and PGlite's statements never wait
      // on I/O: the other requests get their turn between two messages.
      await new Promise((resolve) => setImmediate(resolve));
      if (renderer?.campaignId !== recipient.campaignId) {
        const content = await campaignContent(db, recipient.campaignId);
        renderer = content && { campaignId: recipient.campaignId, render: campaignRenderer(content) };
      }
      const item = renderer && render(config, renderer.render, recipient);
      if (!item || "failure" in item) {
        const error: RecipientFailureReason = item?.failure ?? "notQueued";
        failures.push({ recipientId: recipient.id, outcome: { status: "failed", error } });
        continue;
      }
      batch.push(item);
      bytes += item.email.html.length + item.email.text.length;
      if (bytes >= BATCH_BYTES) {
        written += await writeBatch(db, batch);
        batch = [];
        bytes = 0;
      }
    }
    written += await writeBatch(db, batch);
    await failRecipients(db, failures, clock());
  }
}

function render(
  config: CampaignMessagesConfig,
  renderMessage: RenderMessage,
  recipient: UnwrittenRecipient,
): Rendered | { failure: RecipientFailureReason } {
  const { registrationId, language, eventName, eventDate } = recipient;
  if (!registrationId || !language || eventName === null || eventDate === null) return { failure: "registrationDeleted" };
  try {
    const values = {
      nombre: recipient.fullName ?? "",
      codigo: recipient.registrationCode ?? "",
      evento: eventName,
      fecha: formatDateFor(language, eventDate),
      horario: formatTimeRange(recipient.startTime ?? "", recipient.endTime ?? ""),
    };
    const token = newSecretToken();
    const readUrl = campaignReadUrl(config.publicUrl, token.token);
    const messageCode = newMessageCode();
    const content = renderMessage({
      values,
      readUrl,
      language,
      manageUrl: manageUrl(config, registrationId),
      authentic: { messageCode, site: authenticSite(config.publicUrl) },
    });
    return {
      recipientId: recipient.id,
      tokenHash: token.hash,
      messageCode,
      email: { kind: CAMPAIGN_EMAIL_KIND, to: recipient.email, campaignRecipientId: recipient.id, ...content },
    };
  } catch {
    return { failure: "notQueued" };
  }
}

export interface CampaignMessageWriter {
  /** Starts a pass now, or another right after the one running. */
  kick(): void;
  /** Resolves when no pass is running (tests; shutdown). */
  idle(): Promise<void>;
}

/** The process's writer: one pass at a time, a kick during a pass runs one more after it. */
export function createCampaignMessageWriter(
  db: Db,
  config: CampaignMessagesConfig,
  log: { error(obj: object, msg?: string): void },
): CampaignMessageWriter {
  let running: Promise<void> | undefined;
  let again = false;
  const run = async () => {
    do {
      again = false;
      try {
        await writeCampaignMessages(db, config);
      } catch (error) {
        // The rest is written by the next pass (the scheduler's, at the latest).
        log.error({ err: error }, "writing campaign messages failed; the next pass goes on");
      }
    } while (again);
  };
  return {
    kick() {
      if (running) {
        again = true;
        return;
      }
      running = run().finally(() => (running = undefined));
    },
    idle: async () => {
      while (running) await running;
    },
  };
}
