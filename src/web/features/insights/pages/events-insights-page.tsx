import { FUNNEL_STAGES } from "@common/schemas/insights";
import { Alert, AlertTitle } from "@web/components/ui/alert";
import { PageHeader } from "@web/components/ui/page-header";
import { Loading } from "@web/components/ui/spinner";
import { useT } from "@web/lib/language";
import { useEventsInsights } from "../api/get-insights";
import { ChartCard } from "../components/chart-card";
import { FunnelCard, SourcesCard } from "../components/event-charts";
import { InsightsWindow, useInsightsWindow } from "../components/insights-window";

/** /dashboard/scouting/insights (issue 38): each event's funnel side by side, and the sources across them. */
export function EventsInsightsPage() {
  const t = useT();
  const period = useInsightsWindow();
  const insights = useEventsInsights(period.query);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-4">
      <PageHeader title={t("insights.page.across")} description={t("insights.page.description")} className="mb-2" />
      <InsightsWindow state={period} hint={t("insights.window.hintEvents")} />
      {insights.isPending ? (
        <Loading text={t("insights.page.loading")} />
      ) : insights.isError ? (
        <Alert variant="destructive">
          <AlertTitle>{t("insights.page.loadFailed")}</AlertTitle>
        </Alert>
      ) : (
        <>
          <ChartCard
            title={t("insights.charts.acrossFunnel")}
            table={{
              columns: [t("insights.columns.event"), ...FUNNEL_STAGES.map((stage) => t(`insights.funnel.${stage}`))],
              rows: insights.data.events.map((e) => [
                `${e.eventName} (${e.eventDate})`,
                ...FUNNEL_STAGES.map((s) => e.funnel[s]),
              ]),
            }}
          />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {insights.data.events.map((event) => (
              <FunnelCard key={event.id} t={t} funnel={event.funnel} title={event.eventName} />
            ))}
          </div>
          <SourcesCard t={t} bySource={insights.data.bySource} />
        </>
      )}
    </div>
  );
}

export const Component = EventsInsightsPage;
