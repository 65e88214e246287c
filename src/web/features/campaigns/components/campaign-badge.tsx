import { useLanguage } from "@web/lib/language";
import { formatDateTimeFor } from "@common/dates-language";
import { Mail } from "lucide-react";
import { useState } from "react";
import { Popover, PopoverContent, PopoverTrigger } from "@web/components/ui/popover";
import { Loading } from "@web/components/ui/spinner";
import { useRegistrationCampaigns } from "../api/get-registration-campaigns";
import { RecipientStatusBadge } from "./campaign-status-badge";

interface CampaignBadgeProps {
  registrationId: string;
  campaignCount: number;
  /** The user chose a campaign: open it in the history tab with this model highlighted. */
  onSelect: (campaignId: string, registrationId: string) => void;
}

/** 'Incluido en N campaña(s)…' on a registration's row, with the popup listing those campaigns. */
export function CampaignBadge({ registrationId, campaignCount, onSelect }: CampaignBadgeProps) {
  const { language, t } = useLanguage();
  const [open, setOpen] = useState(false);
  const campaigns = useRegistrationCampaigns(registrationId, open);
  if (campaignCount <= 0) return null;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger className="inline-flex items-center gap-1.5 rounded-full border border-transparent bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-900 hover:bg-violet-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring dark:bg-violet-950 dark:text-violet-200 dark:hover:bg-violet-900">
        <Mail className="size-3.5" aria-hidden="true" />
        {t("campaigns.badge.label", { count: campaignCount })}
      </PopoverTrigger>
      <PopoverContent className="w-80 max-w-[calc(100vw-2rem)] p-2" align="start">
        <p className="px-2 py-1.5 text-sm font-semibold">{t("campaigns.badge.popupTitle")}</p>
        {campaigns.isPending ? (
          <Loading text={t("campaigns.badge.loading")} className="py-4 text-sm" />
        ) : campaigns.isError ? (
          <p role="alert" className="px-2 py-2 text-sm text-destructive">
            {t("campaigns.badge.error")}
          </p>
        ) : (
          <ul className="grid gap-1">
            {campaigns.data.items.map((campaign) => (
              <li key={campaign.id}>
                <button
                  type="button"
                  className="grid w-full gap-0.5 rounded-md px-2 py-2 text-left text-sm hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
                  onClick={() => {
                    setOpen(false);
                    onSelect(campaign.id, registrationId);
                  }}
                >
                  <span className="font-medium break-words">{campaign.subject}</span>
                  <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <time dateTime={campaign.sentAt}>{formatDateTimeFor(language, campaign.sentAt)}</time>
                    {/* What became of this person's own message: sent, read, failed, or in the mailbox. */}
                    <RecipientStatusBadge status={campaign.recipientStatus} />
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
