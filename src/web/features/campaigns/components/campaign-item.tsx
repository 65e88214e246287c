import { useLanguage } from "@web/lib/language";
import type { Translate } from "@common/i18n";
import type { CampaignSummary } from "@common/schemas/campaigns";
import { formatDateTimeFor } from "@common/dates-language";
import { ChevronDown } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { CampaignDetailPanel } from "./campaign-detail-panel";
import { CampaignProgress } from "./campaign-progress";
import { CampaignStatusBadge } from "./campaign-status-badge";
import type { CampaignJump } from "./use-campaign-jump";

interface CampaignItemProps {
  campaign: CampaignSummary;
  expanded: boolean;
  onToggle: () => void;
  jump?: CampaignJump | null | undefined;
}

export function senderOf(campaign: CampaignSummary, t: Translate): string {
  return campaign.creator?.fullName || campaign.creator?.email || t("campaigns.history.unknownSender");
}

export function CampaignItem({ campaign, expanded, onToggle, jump }: CampaignItemProps) {
  const { language, t } = useLanguage();
  const panelId = `campaign-${campaign.id}-detail`;
  const titleId = `campaign-${campaign.id}-title`;
  const jumpedHere = jump?.campaignId === campaign.id ? jump : null;
  return (
    <li>
      <article
        aria-labelledby={titleId}
        data-campaign-id={campaign.id}
        className={cn("rounded-lg border border-border bg-card text-card-foreground shadow-xs", jumpedHere && "border-primary")}
      >
        <div className="grid gap-3 p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0 flex-1">
              <h3 id={titleId} className="font-semibold break-words">
                {campaign.subject}
              </h3>
              <p className="text-sm text-muted-foreground">{campaign.event?.eventName ?? t("campaigns.history.unknownEvent")}</p>
            </div>
            <CampaignStatusBadge status={campaign.status} />
          </div>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
            <div>
              <dt className="sr-only">{t("campaigns.history.recipients")}</dt>
              <dd>{t("campaigns.history.recipientsCount", { count: campaign.recipientCount })}</dd>
            </div>
            <div className="min-w-0">
              <dt className="inline text-muted-foreground">{t("campaigns.history.sentBy")}: </dt>
              <dd className="inline wrap-anywhere">{senderOf(campaign, t)}</dd>
            </div>
            <div>
              <dt className="inline text-muted-foreground">{t("campaigns.history.sentAt")}: </dt>
              <dd className="inline">
                <time dateTime={campaign.sentAt} className="whitespace-nowrap">
                  {formatDateTimeFor(language, campaign.sentAt)}
                </time>
              </dd>
            </div>
          </dl>
          {campaign.status === "in_progress" ? <CampaignProgress campaign={campaign} /> : null}
          <div>
            <Button
              variant="outline"
              size="sm"
              aria-expanded={expanded}
              aria-controls={panelId}
              // The visible label first (label in name), then which campaign it opens.
              aria-label={`${expanded ? t("campaigns.history.hideDetails") : t("campaigns.history.showDetails")}: ${campaign.subject}`}
              onClick={onToggle}
            >
              <ChevronDown className={cn("transition-transform", expanded && "rotate-180")} aria-hidden="true" />
              {expanded ? t("campaigns.history.hideDetails") : t("campaigns.history.showDetails")}
            </Button>
          </div>
        </div>
        {expanded ? <CampaignDetailPanel id={panelId} campaignId={campaign.id} jump={jumpedHere} /> : null}
      </article>
    </li>
  );
}
