ALTER TABLE "email_campaign_recipients" DROP CONSTRAINT "email_campaign_recipients_status_check";--> statement-breakpoint
ALTER TABLE "email_campaigns" DROP CONSTRAINT "email_campaigns_status_check";--> statement-breakpoint
CREATE INDEX "email_campaign_recipients_unwritten_idx" ON "email_campaign_recipients" USING btree ("campaign_id","id") WHERE "email_campaign_recipients"."status" = 'queued' and "email_campaign_recipients"."read_token_hash" is null;--> statement-breakpoint
ALTER TABLE "email_campaign_recipients" ADD CONSTRAINT "email_campaign_recipients_status_check" CHECK ("email_campaign_recipients"."status" in ('queued', 'sent', 'failed', 'read', 'mailbox'));--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD CONSTRAINT "email_campaigns_status_check" CHECK ("email_campaigns"."status" in ('in_progress', 'completed', 'partial', 'failed', 'mailbox'));--> statement-breakpoint
-- hand-written:
-- Recipients a server without SMTP kept in the mailbox were recorded failed ('undelivered'); they
-- are in the mailbox. (An erased recipient's message, also 'undelivered', has its address blanked.)
UPDATE "email_campaign_recipients" SET "status" = 'mailbox', "error_message" = NULL, "sent_at" = coalesce("sent_at", now())
WHERE "status" = 'failed' AND "error_message" = 'undelivered' AND "email" <> 'erased@erased.invalid';--> statement-breakpoint
UPDATE "email_campaigns" c SET "status" = CASE
    WHEN counts.delivered = 0 AND counts.failed = 0 THEN 'mailbox'
    WHEN counts.failed = 0 AND counts.mailbox = 0 THEN 'completed'
    WHEN counts.delivered = 0 AND counts.mailbox = 0 THEN 'failed'
    ELSE 'partial' END
FROM (
  SELECT "campaign_id",
    count(*) FILTER (WHERE "status" IN ('sent', 'read')) AS delivered,
    count(*) FILTER (WHERE "status" = 'mailbox') AS mailbox,
    count(*) FILTER (WHERE "status" = 'failed') AS failed
  FROM "email_campaign_recipients" GROUP BY "campaign_id"
) counts
WHERE c."id" = counts."campaign_id" AND c."status" <> 'in_progress' AND counts.mailbox > 0;
