import { useT } from "@web/lib/language";
import { formatTimeRange } from "@common/dates";
import type { ReactNode } from "react";
import { Badge } from "@web/components/ui/badge";
import { Checkbox } from "@web/components/ui/checkbox";
import { PhotoThumbnail } from "./photo-viewer";
import { AttendedToggle, LikedToggle, RegistrationRating, RowActions, type RegistrationRowProps } from "./registration-row";

const HEAD = "px-2 py-2 text-left text-xs font-medium whitespace-nowrap text-muted-foreground";
const CELL = "px-2 py-1 align-middle whitespace-nowrap";
// The selection and the name stay in view while a phone scrolls the table sideways.
const STICKY_SELECT = "sticky left-0 z-10 w-9 min-w-9 bg-card";
const stickyName = (isAdmin: boolean) => `sticky z-10 bg-card ${isAdmin ? "left-9" : "left-0"}`;

/** One registrant on one line (about 44 px): the detailed row's controls and actions, icons where it has words. */
export function CompactRegistrationRow(props: RegistrationRowProps) {
  const t = useT();
  const { registration: r, isAdmin, selected, onSelectedChange, onReview } = props;
  return (
    <tr className="border-b last:border-b-0">
      {isAdmin ? (
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
        className={`${CELL} ${stickyName(isAdmin)} max-w-28 truncate text-left font-medium sm:max-w-48`}
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
          <Badge tone="red">{t("registrations.row.status.cancelled")}</Badge>
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
      {/* One column for the review: its three controls name themselves, and three headers would push the actions off a laptop's screen. */}
      <td className={CELL}>
        <span className="flex items-center gap-1">
          <RegistrationRating registration={r} isAdmin={isAdmin} onReview={onReview} />
          <LikedToggle registration={r} isAdmin={isAdmin} onReview={onReview} iconOnly />
          <AttendedToggle registration={r} isAdmin={isAdmin} onReview={onReview} iconOnly />
        </span>
      </td>
      <td className={CELL}>
        <RowActions {...props} compact />
      </td>
    </tr>
  );
}

/** The compact view: a table, scrolled sideways inside its box on a narrow screen. */
export function RegistrationsTable({ isAdmin, busy, children }: { isAdmin: boolean; busy: boolean; children: ReactNode }) {
  const t = useT();
  return (
    // The scroll padding keeps a control reached by Tab clear of the sticky name.
    <div className="scroll-pl-40 overflow-x-auto rounded-xl border bg-card text-card-foreground shadow-sm sm:scroll-pl-60">
      <table className="w-full border-collapse text-sm" aria-busy={busy}>
        <caption className="sr-only">{t("registrations.layout.caption")}</caption>
        <thead className="border-b">
          <tr>
            {isAdmin ? (
              <th scope="col" className={`${HEAD} ${STICKY_SELECT}`}>
                <span className="sr-only">{t("registrations.layout.columns.select")}</span>
              </th>
            ) : null}
            <th scope="col" className={`${HEAD} ${stickyName(isAdmin)}`}>
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
