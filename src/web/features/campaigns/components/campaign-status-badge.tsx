import { useT } from "@web/lib/language";
import type { CampaignStatus, RecipientStatus } from "@common/constants";
import { Badge } from "@web/components/ui/badge";

const CAMPAIGN_TONES = {
  completed: "green",
  failed: "red",
  in_progress: "blue",
  partial: "yellow",
  mailbox: "yellow",
} as const;

/**
 * docs/product.md §4: completed, failed, in progress; anything else is shown as Parcial. Without SMTP the
 * messages wait in the in-app mailbox: "En el buzón, sin SMTP", never "Fallido" (issue 32).
 */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const t = useT();
  const known = status in CAMPAIGN_TONES ? status : "partial";
  return <Badge tone={CAMPAIGN_TONES[known]}>{t(`campaigns.campaignStatus.${known}`)}</Badge>;
}

const RECIPIENT_TONES = { sent: "green", failed: "red", read: "purple", queued: "neutral", mailbox: "yellow" } as const;

export function RecipientStatusBadge({ status }: { status: RecipientStatus }) {
  const t = useT();
  const known = status in RECIPIENT_TONES ? status : "read";
  return <Badge tone={RECIPIENT_TONES[known]}>{t(`campaigns.recipientStatus.${known}`)}</Badge>;
}
