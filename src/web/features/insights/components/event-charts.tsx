/** The event's insights as cards: each chart with its numbers (issue 38). */
import type { Translate } from "@common/i18n";
import { FUNNEL_STAGES, type EventInsights, type Funnel } from "@common/schemas/insights";
import { ChartCard } from "./chart-card";
import { BarChart, RowChart } from "./charts";

/** `YYYY-MM-DDTHH:MM` as read on the axis: `DD/MM HH:MM` by the hour, `DD/MM` by the day, `HH:MM` at the door. */
export function localLabel(at: string, unit: "hour" | "day" | "time"): string {
  const day = `${at.slice(8, 10)}/${at.slice(5, 7)}`;
  const time = at.slice(11, 16);
  return unit === "day" ? day : unit === "time" ? time : `${day} ${time}`;
}

export const funnelRows = (t: Translate, funnel: Funnel) =>
  FUNNEL_STAGES.map((stage) => ({ label: t(`insights.funnel.${stage}`), value: funnel[stage] }));

export function TimelineCard({ t, timeline }: { t: Translate; timeline: EventInsights["timeline"] }) {
  const data = timeline.points.map((p) => ({ label: localLabel(p.at, timeline.unit), value: p.registrations }));
  const total = timeline.points.at(-1)?.cumulative ?? 0;
  return (
    <ChartCard
      title={t("insights.charts.timeline")}
      summary={t("insights.charts.timelineSummary", { total, capacity: timeline.capacity })}
      table={{
        columns: [t("insights.columns.at"), t("insights.columns.registrations"), t("insights.columns.cumulative")],
        rows: timeline.points.map((p) => [localLabel(p.at, timeline.unit), p.registrations, p.cumulative]),
      }}
    >
      <BarChart data={data} line={timeline.points.map((p) => p.cumulative)} reference={timeline.capacity} />
    </ChartCard>
  );
}

export function FunnelCard({ t, funnel, title }: { t: Translate; funnel: Funnel; title: string }) {
  const rows = funnelRows(t, funnel);
  return (
    <ChartCard
      title={title}
      table={{ columns: [t("insights.columns.stage"), t("insights.columns.people")], rows: rows.map((r) => [r.label, r.value]) }}
    >
      <RowChart data={rows} />
    </ChartCard>
  );
}

export function SourcesCard({ t, bySource }: { t: Translate; bySource: EventInsights["bySource"] }) {
  return (
    <ChartCard
      title={t("insights.charts.bySource")}
      table={{
        columns: [t("insights.columns.source"), ...FUNNEL_STAGES.map((stage) => t(`insights.funnel.${stage}`))],
        rows: bySource.map((s) => [s.source ?? t("insights.columns.noSource"), ...FUNNEL_STAGES.map((stage) => s[stage])]),
      }}
    >
      <RowChart data={bySource.map((s) => ({ label: s.source ?? t("insights.columns.noSource"), value: s.registered }))} />
    </ChartCard>
  );
}

export function SlotsCard({ t, slots }: { t: Translate; slots: EventInsights["slots"] }) {
  const label = (s: EventInsights["slots"][number]) => `${s.startTime}–${s.endTime}`;
  return (
    <ChartCard
      title={t("insights.charts.slots")}
      table={{
        columns: [
          t("insights.columns.slot"),
          t("insights.columns.capacity"),
          t("insights.columns.registered"),
          t("insights.columns.came"),
          t("insights.columns.noShows"),
        ],
        rows: slots.map((s) => [label(s), s.capacity, s.registered, s.came, s.noShows ?? t("insights.columns.notYet")]),
      }}
    >
      <BarChart data={slots.map((s) => ({ label: label(s), value: s.registered }))} />
    </ChartCard>
  );
}

export function WaitlistCard({ t, waitlist }: { t: Translate; waitlist: EventInsights["waitlist"] }) {
  const keys = ["waiting", "offered", "accepted", "letGo", "removed"] as const;
  const rows = keys.map((key) => ({ label: t(`insights.waitlist.${key}`), value: waitlist[key] }));
  return (
    <ChartCard
      title={t("insights.charts.waitlist")}
      table={{ columns: [t("insights.columns.status"), t("insights.columns.people")], rows: rows.map((r) => [r.label, r.value]) }}
    >
      <RowChart data={rows} />
    </ChartCard>
  );
}

export function DistributionCards({ t, insights }: { t: Translate; insights: Pick<EventInsights, "ages" | "heights"> }) {
  const heights = insights.heights.map((h) => ({
    label: t("insights.columns.heightBand", { from: h.from, to: h.from + 4 }),
    value: h.count,
  }));
  return (
    <>
      <ChartCard
        title={t("insights.charts.ages")}
        table={{
          columns: [t("insights.columns.age"), t("insights.columns.people")],
          rows: insights.ages.map((a) => [a.age, a.count]),
        }}
      >
        <BarChart data={insights.ages.map((a) => ({ label: String(a.age), value: a.count }))} />
      </ChartCard>
      <ChartCard
        title={t("insights.charts.heights")}
        table={{
          columns: [t("insights.columns.height"), t("insights.columns.people")],
          rows: heights.map((h) => [h.label, h.value]),
        }}
      >
        <BarChart data={insights.heights.map((h) => ({ label: String(h.from), value: h.count }))} />
      </ChartCard>
    </>
  );
}

export function DoorCard({ t, door }: { t: Translate; door: EventInsights["door"] }) {
  return (
    <ChartCard
      title={t("insights.charts.door")}
      summary={t("insights.charts.lineWait")}
      table={{
        columns: [t("insights.columns.at"), t("insights.columns.arrivals")],
        rows: door.arrivals.map((a) => [localLabel(a.at, "time"), a.count]),
      }}
    >
      <BarChart data={door.arrivals.map((a) => ({ label: localLabel(a.at, "time"), value: a.count }))} />
    </ChartCard>
  );
}
