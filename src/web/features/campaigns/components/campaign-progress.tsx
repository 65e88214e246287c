import { useT } from "@web/lib/language";
import type { CampaignSummary } from "@common/schemas/campaigns";

/** Live progress of a campaign being sent: recipients no longer queued out of all of them. */
export function CampaignProgress({ campaign }: { campaign: CampaignSummary }) {
  const t = useT();
  const total = Math.max(campaign.recipientCount, 1);
  const done = campaign.recipientCount - campaign.counts.queued;
  const percent = Math.round((done / total) * 100);
  const label = t("campaigns.history.progress", { done, total: campaign.recipientCount });
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={campaign.subject}
        aria-valuemin={0}
        aria-valuemax={campaign.recipientCount}
        aria-valuenow={done}
        aria-valuetext={label}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-muted-foreground">{label}</p>
    </div>
  );
}
