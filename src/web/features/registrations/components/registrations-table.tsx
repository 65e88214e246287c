import { useCan } from "@web/features/accounts";
import { useT } from "@web/lib/language";
import { formatTimeRange } from "@common/dates";
import type { ReactNode } from "react";
import { Badge } from "@web/components/ui/badge";
import { Checkbox } from "@web/components/ui/checkbox";
import { StageBadge } from "@web/features/panel";
import { PhotoThumbnail } from "./photo-viewer";
import { STAFF_STATE_BADGES } from "@common/registration-state";
import {
  AttendedToggle,
  LikedToggle,
  RegistrationRating,
  RowActions,
  stateOf,
  type RegistrationRowProps,
} from "./registration-row";

const HEAD = "px-1.5 py-2 text-left text-xs font-medium whitespace-nowrap text-muted-foreground";
const CELL = "px-1.5 py-1 align-middle whitespace-nowrap";
// The selection and the name stay in view while a phone scrolls the table sideways.
const STICKY_SELECT = "sticky left-0 z-10 w-9 min-w-9 bg-card";
const stickyName = (selectable: boolean) => `sticky z-10 bg-card ${selectable ? "left-9" : "left-0"}`;

/**
 * One registrant on one line (about 44 px): the detailed row's controls and actions, icons where it
 * has words, and the stage and the panel's average (issue 32).
 */
export function CompactRegistrationRow(props: RegistrationRowProps) {
  const t = useT();
  const { registration: r, selected, onSelectedChange, onReview } = props;
  const selectable = useCan()("campaigns.send");
  return (
    <tr className="border-b last:border-b-0">
      {selectable ? (
        <td className={`${CELL} ${STICKY_SELECT}`}>
          <Checkbox
            className="block"
            checked={selected}
            onChange={(event) => onSelectedChange(event.target.checked)}
            aria-label={t("registrations.row.select", { name: r.fullName })}
          />
        </td>
      ) : null}
      <th
        scope="row"
        className={`${CELL} ${stickyName(selectable)} max-w-28 truncate text-left font-medium sm:max-w-48`}
        title={r.fullName}
      >
        <span className="flex items-center gap-2">
          <PhotoThumbnail registration={r} small />
          <span className="min-w-0 truncate">{r.fullName}</span>
        </span>
      </th>
      <td className={`${CELL} tabular-nums`}>{r.age}</td>
      <td className={`${CELL} tabular-nums`}>{formatTimeRange(r.timeslot.startTime, r.timeslot.endTime)}</td>
      {/* The e-mail's state says the registration's too: verifying it is what confirms a registration;
          a cancelled one says so instead (issue 19). */}
      <td className={CELL}>
        {r.status === "cancelled" ? (
          <Badge tone="red">{t(STAFF_STATE_BADGES[stateOf(r)].label)}</Badge>
        ) : (
          <Badge tone={r.emailVerified ? "green" : "yellow"}>
            {t(r.emailVerified ? "registrations.layout.verified" : "registrations.layout.unverified")}
          </Badge>
        )}
        {r.guardianStatus === "pending" ? (
          <Badge tone="yellow" className="ml-1">
            {t("privacy.guardian.badge")}
          </Badge>
        ) : null}
      </td>
      {/* The stage over the panel's average: one narrow column, so the actions stay on a laptop's screen. */}
      <td className={CELL}>
        <span className="grid justify-items-start gap-0.5">
          <StageBadge stage={r.stage} />
          <span className="text-xs text-muted-foreground tabular-nums" data-testid="compact-panel">
            {r.panel.average === null
              ? t("panel.noScores")
              : t("panel.compactAverage", { average: r.panel.average, count: r.panel.count })}
          </span>
        </span>
      </td>
      {/* One column for the review: its three controls name themselves, and three headers would push the actions off a laptop's screen. */}
      <td className={CELL}>
        <span className="flex items-center gap-0.5">
          <RegistrationRating registration={r} onReview={onReview} iconOnly />
          <LikedToggle registration={r} onReview={onReview} iconOnly />
          <AttendedToggle registration={r} onReview={onReview} iconOnly />
        </span>
      </td>
      <td className={CELL}>
        <RowActions {...props} compact />
      </td>
    </tr>
  );
}

/** The compact view: a table, scrolled sideways inside its box on a narrow screen. */
export function RegistrationsTable({ busy, children }: { busy: boolean; children: ReactNode }) {
  const t = useT();
  const selectable = useCan()("campaigns.send");
  return (
    // The scroll padding keeps a control reached by Tab clear of the sticky name.
    // Relative: what is positioned inside (screen-reader texts) stays inside the scrolled box, not the page.
    <div className="relative scroll-pl-40 overflow-x-auto rounded-xl border bg-card text-card-foreground shadow-sm sm:scroll-pl-60">
      <table className="w-full border-collapse text-sm" aria-busy={busy}>
        <caption className="sr-only">{t("registrations.layout.caption")}</caption>
        <thead className="border-b">
          <tr>
            {selectable ? (
              <th scope="col" className={`${HEAD} ${STICKY_SELECT}`}>
                <span className="sr-only">{t("registrations.layout.columns.select")}</span>
              </th>
            ) : null}
            <th scope="col" className={`${HEAD} ${stickyName(selectable)}`}>
              {t("registrations.layout.columns.name")}
            </th>
            <th scope="col" className={HEAD}>
              {t("registrations.layout.columns.age")}
            </th>
            <th scope="col" className={HEAD}>
              {t("registrations.row.timeslot")}
            </th>
            <th scope="col" className={HEAD}>
              {t("registrations.layout.columns.email")}
            </th>
            <th scope="col" className={HEAD}>
              {t("registrations.layout.columns.stage")}
            </th>
            <th scope="col" className={HEAD}>
              {t("registrations.layout.columns.review")}
            </th>
            <th scope="col" className={`${HEAD} text-right`}>
              {t("registrations.layout.columns.actions")}
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
