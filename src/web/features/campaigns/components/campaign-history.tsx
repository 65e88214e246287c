import { useT } from "@web/lib/language";
import { Mail } from "lucide-react";
import { useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Loading } from "@web/components/ui/spinner";
import { useCampaigns } from "../api/get-campaigns";
import { CampaignItem } from "./campaign-item";
import type { CampaignJump } from "./use-campaign-jump";

interface CampaignHistoryProps {
  eventId: string;
  /** A jump from a registration's row: that campaign opens with the model highlighted. */
  jump?: CampaignJump | null | undefined;
}

/** The 'Historial de emails' tab: the selected event's campaigns, newest first. */
export function CampaignHistory({ eventId, jump }: CampaignHistoryProps) {
  const t = useT();
  const campaigns = useCampaigns(eventId);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(jump ? [jump.campaignId] : []));
  const [seenJump, setSeenJump] = useState(jump);
  if (jump !== seenJump) {
    setSeenJump(jump);
    if (jump && !expanded.has(jump.campaignId)) setExpanded(new Set(expanded).add(jump.campaignId));
  }

  const toggle = (id: string) => {
    const next = new Set(expanded);
    if (!next.delete(id)) next.add(id);
    setExpanded(next);
  };

  if (campaigns.isPending) return <Loading text={t("campaigns.history.loading")} />;
  if (campaigns.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>{t("campaigns.history.loadError")}</AlertTitle>
        <AlertDescription>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void campaigns.refetch()}>
            {t("common.retry")}
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (campaigns.data.items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border py-12 text-center text-muted-foreground">
        <Mail className="size-8" aria-hidden="true" />
        <p>{t("campaigns.history.empty")}</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-3" aria-label={t("campaigns.history.title")}>
      {campaigns.data.items.map((campaign) => (
        <CampaignItem
          key={campaign.id}
          campaign={campaign}
          expanded={expanded.has(campaign.id)}
          onToggle={() => toggle(campaign.id)}
          jump={jump}
        />
      ))}
    </ul>
  );
}
