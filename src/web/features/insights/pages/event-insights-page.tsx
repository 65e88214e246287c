import { agencyDateTime } from "@common/dates-language";
import { Link, useParams } from "react-router";
import { Alert, AlertTitle } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { PageHeader } from "@web/components/ui/page-header";
import { Loading } from "@web/components/ui/spinner";
import { useT } from "@web/lib/language";
import { useEventInsights } from "../api/get-insights";
import {
  DistributionCards,
  DoorCard,
  FunnelCard,
  SlotsCard,
  SourcesCard,
  TimelineCard,
  WaitlistCard,
} from "../components/event-charts";
import { InsightsWindow, useInsightsWindow } from "../components/insights-window";

/**
 * /dashboard/scouting/events/:eventId/insights (issue 38): the event's figures as of now, read again
 * every 30 s; its own lazy chunk, so the charting library loads only here.
 */
export function EventInsightsPage() {
  const t = useT();
  const { eventId = "" } = useParams();
  const period = useInsightsWindow();
  const insights = useEventInsights(eventId, period.query);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-4">
      <PageHeader
        title={t("insights.page.title")}
        description={t("insights.page.description")}
        actions={
          <Button asChild variant="outline" size="sm">
            <Link to="/dashboard/scouting/insights">{t("insights.page.across")}</Link>
          </Button>
        }
        className="mb-2"
      />
      <InsightsWindow state={period} hint={t("insights.window.hintEvent")} />
      {insights.isPending ? (
        <Loading text={t("insights.page.loading")} />
      ) : insights.isError ? (
        <Alert variant="destructive">
          <AlertTitle>{t("insights.page.loadFailed")}</AlertTitle>
        </Alert>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t("insights.page.asOf", { time: agencyDateTime(insights.data.asOf) })}</p>
          <div className="grid gap-4 lg:grid-cols-2">
            <TimelineCard t={t} timeline={insights.data.timeline} />
            <FunnelCard t={t} funnel={insights.data.funnel} title={t("insights.charts.funnel")} />
            <SourcesCard t={t} bySource={insights.data.bySource} />
            <SlotsCard t={t} slots={insights.data.slots} />
            <WaitlistCard t={t} waitlist={insights.data.waitlist} />
            <DoorCard t={t} door={insights.data.door} />
            <DistributionCards t={t} insights={insights.data} />
          </div>
        </>
      )}
    </div>
  );
}

export const Component = EventInsightsPage;
