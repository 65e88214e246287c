import { useT } from "@web/lib/language";
import { CAMPAIGN_HIGHLIGHT_MS } from "@common/constants";
import { useEffect, useRef, useState } from "react";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Loading } from "@web/components/ui/spinner";
import { useCampaign } from "../api/get-campaign";
import { CampaignRecipientsTable } from "./campaign-recipients-table";
import type { CampaignJump } from "./use-campaign-jump";
import { htmlPreviewDocument } from "@web/lib/html-preview";

interface CampaignDetailPanelProps {
  campaignId: string;
  id: string;
  /** Set when the user jumped here from a registration's row: highlight that model. */
  jump?: CampaignJump | null | undefined;
}

export function CampaignDetailPanel({ campaignId, id, jump }: CampaignDetailPanelProps) {
  const t = useT();
  const campaign = useCampaign(campaignId);
  const panelRef = useRef<HTMLDivElement>(null);
  const loaded = campaign.data !== undefined;
  // The highlight lasts CAMPAIGN_HIGHLIGHT_MS from the moment the recipients are on screen.
  const [expiredKey, setExpiredKey] = useState<number | null>(null);
  const highlighted = jump && loaded && expiredKey !== jump.key ? jump.registrationId : null;

  useEffect(() => {
    if (!jump || !loaded) return;
    const row = panelRef.current?.querySelector<HTMLElement>("[data-highlighted]");
    (row ?? panelRef.current)?.scrollIntoView?.({ block: "center", behavior: "smooth" });
    const timer = setTimeout(() => setExpiredKey(jump.key), CAMPAIGN_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [jump, loaded]);

  return (
    <div id={id} ref={panelRef} className="grid gap-4 border-t border-border p-4">
      {campaign.isPending ? (
        <Loading text={t("campaigns.history.loading")} className="py-4" />
      ) : campaign.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{t("campaigns.history.loadError")}</AlertDescription>
        </Alert>
      ) : (
        <>
          <section className="grid gap-2" aria-label={t("campaigns.history.content")}>
            <h4 className="text-sm font-semibold">{t("campaigns.history.content")}</h4>
            {campaign.data.isHtml ? (
              // Sanitised by the server, and still shown in a sandbox: no scripts, no same origin.
              <iframe
                sandbox=""
                srcDoc={htmlPreviewDocument(campaign.data.content)}
                title={t("campaigns.history.contentFrameTitle", { subject: campaign.data.subject })}
                className="h-64 w-full resize-y rounded-md border border-border bg-white"
              />
            ) : (
              <p className="max-h-64 overflow-y-auto whitespace-pre-wrap break-words rounded-md border border-border bg-muted/30 p-3 text-sm">
                {campaign.data.content}
              </p>
            )}
          </section>
          <section className="grid gap-2" aria-label={t("campaigns.history.recipients")}>
            <h4 className="text-sm font-semibold">{t("campaigns.history.recipients")}</h4>
            <CampaignRecipientsTable recipients={campaign.data.recipients} highlightedRegistrationId={highlighted} />
          </section>
        </>
      )}
    </div>
  );
}
