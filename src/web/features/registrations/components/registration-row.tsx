import { useT } from "@web/lib/language";
import type { RegistrationListItem, RegistrationReview } from "@common/schemas/registrations";
import { formatTimeRange } from "@common/dates";
import { listedDetails } from "@common/registrant/format";
import { AtSign, CalendarCheck, Heart, Mail, Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "@web/components/ui/badge";
import type { RegistrationStatus } from "@common/constants";
import { Button } from "@web/components/ui/button";
import { Checkbox } from "@web/components/ui/checkbox";
import { PhotoThumbnail } from "./photo-viewer";
import { RatingStars } from "./rating-stars";
import { ReviewToggle } from "./review-toggle";

const STATUS_TONE = { pending: "yellow", confirmed: "green", cancelled: "red" } as const satisfies Record<
  RegistrationStatus,
  string
>;

export interface RegistrationRowProps {
  registration: RegistrationListItem;
  isAdmin: boolean;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  onReview: (change: RegistrationReview) => void;
  onResend: () => void;
  resending: boolean;
  onDelete: () => void;
  /** Extra per-row actions (e.g. the PDF sheet), rendered before delete. */
  extraActions?: ReactNode;
  /** Shown under the e-mail: the campaigns that included this registration. */
  campaigns?: ReactNode;
  /** The review panel (issue 23): stage, the panel's scores, tags, the same person elsewhere. */
  panel?: ReactNode;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate text-sm">{children}</dd>
    </div>
  );
}

type RowActionsProps = Pick<RegistrationRowProps, "registration" | "onResend" | "resending" | "onDelete" | "extraActions"> & {
  /** The compact table's: resend as an icon, like the others, and the actions on one line. */
  compact?: boolean;
};

/** The row's own actions: resend, Instagram, edit, the extra ones (the PDF), delete. */
export function RowActions({ registration: r, onResend, resending, onDelete, extraActions, compact = false }: RowActionsProps) {
  const t = useT();
  const canResend = r.status === "pending" && !r.emailVerified;
  const handle = r.instagramHandle?.replace(/^@+/, "");
  return (
    <div className={compact ? "flex items-center justify-end gap-0.5" : "ml-auto flex flex-wrap items-center gap-1"}>
      {canResend ? (
        <Button
          variant={compact ? "ghost" : "outline"}
          size={compact ? "icon-sm" : "sm"}
          onClick={onResend}
          disabled={resending}
          aria-label={t("registrations.actions.resendLabel", { name: r.fullName })}
          title={compact ? t("registrations.actions.resendLabel", { name: r.fullName }) : undefined}
        >
          <Mail aria-hidden="true" />
          {compact ? null : t("registrations.actions.resend")}
        </Button>
      ) : null}
      {handle ? (
        <Button asChild variant="ghost" size="icon-sm">
          <a
            href={`https://www.instagram.com/${encodeURIComponent(handle)}/`}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t("registrations.actions.instagram", { handle })}
            title={t("registrations.actions.instagram", { handle })}
          >
            <AtSign aria-hidden="true" />
          </a>
        </Button>
      ) : null}
      <Button asChild variant="ghost" size="icon-sm">
        <Link
          to={`/dashboard/scouting/registrations/${r.id}/edit`}
          aria-label={t("registrations.actions.edit", { name: r.fullName })}
          title={t("registrations.actions.edit", { name: r.fullName })}
        >
          <Pencil aria-hidden="true" />
        </Link>
      </Button>
      {extraActions}
      <Button
        variant="ghost"
        size="icon-sm"
        className="text-destructive hover:text-destructive"
        onClick={onDelete}
        aria-label={t("registrations.actions.delete", { name: r.fullName })}
        title={t("registrations.actions.delete", { name: r.fullName })}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

type ReviewProps = Pick<RegistrationRowProps, "registration" | "isAdmin" | "onReview"> & {
  /** The compact table's: the toggle's word is its accessible name only. */
  iconOnly?: boolean;
};

/** Liked: an admin's to change, shown to everyone (SPEC.md §6). */
export function LikedToggle({ registration: r, isAdmin, onReview, iconOnly }: ReviewProps) {
  const t = useT();
  return (
    <ReviewToggle
      pressed={r.liked}
      label={t("registrations.row.liked")}
      iconOnly={iconOnly}
      icon={<Heart className={r.liked ? "fill-current" : undefined} aria-hidden="true" />}
      onToggle={isAdmin ? () => onReview({ liked: !r.liked }) : undefined}
    />
  );
}

/** Attended: an admin's to change, shown to everyone (SPEC.md §6). */
export function AttendedToggle({ registration: r, isAdmin, onReview, iconOnly }: ReviewProps) {
  const t = useT();
  return (
    <ReviewToggle
      pressed={r.attended}
      label={t("registrations.row.attended")}
      iconOnly={iconOnly}
      icon={<CalendarCheck aria-hidden="true" />}
      onToggle={isAdmin ? () => onReview({ attended: !r.attended }) : undefined}
    />
  );
}

/** The rating: an admin's to change, shown to everyone (SPEC.md §6). */
export function RegistrationRating({ registration: r, isAdmin, onReview }: ReviewProps) {
  const t = useT();
  return (
    <RatingStars
      value={r.rating}
      label={t("registrations.row.rating")}
      onChange={isAdmin ? (rating) => onReview({ rating }) : undefined}
    />
  );
}

export function RegistrationRow(props: RegistrationRowProps) {
  const t = useT();
  const { registration: r, isAdmin, selected, onSelectedChange, campaigns, panel } = props;
  return (
    <li className="rounded-xl border bg-card p-4 text-card-foreground shadow-sm" aria-label={r.fullName}>
      <div className="flex flex-wrap items-start gap-3">
        {isAdmin ? (
          <Checkbox
            className="mt-1.5"
            checked={selected}
            onChange={(event) => onSelectedChange(event.target.checked)}
            aria-label={t("registrations.row.select", { name: r.fullName })}
          />
        ) : null}
        <PhotoThumbnail registration={r} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h3 className="text-base font-semibold">{r.fullName}</h3>
            <span className="text-sm text-muted-foreground">
              {t("registrations.row.age", { age: r.age })} · {r.location}
            </span>
            <Badge tone={STATUS_TONE[r.status]}>{t(`registrations.row.status.${r.status}`)}</Badge>
            {!r.emailVerified ? <Badge tone="outline">{t("registrations.row.unverified")}</Badge> : null}
            {r.guardianStatus === "pending" ? <Badge tone="yellow">{t("privacy.guardian.badge")}</Badge> : null}
          </div>
          <p className="mt-0.5 break-all text-sm text-muted-foreground">{r.email}</p>
          {campaigns ? <div className="mt-1.5">{campaigns}</div> : null}
        </div>
        <p className="basis-full text-sm sm:basis-auto">
          <span className="text-muted-foreground">{t("registrations.row.code")}: </span>
          <span className="font-mono font-medium">{r.registrationCode}</span>
        </p>
      </div>

      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-6">
        {listedDetails(r).map(({ label, value }) => (
          <Detail key={label} label={label}>
            {value}
          </Detail>
        ))}
        <Detail label={t("registrations.row.timeslot")}>{formatTimeRange(r.timeslot.startTime, r.timeslot.endTime)}</Detail>
      </dl>

      {panel ? <div className="mt-3 border-t pt-3">{panel}</div> : null}

      <div className="mt-3 flex flex-wrap items-center gap-2 border-t pt-3">
        <LikedToggle registration={r} isAdmin={isAdmin} onReview={props.onReview} />
        <AttendedToggle registration={r} isAdmin={isAdmin} onReview={props.onReview} />
        <RegistrationRating registration={r} isAdmin={isAdmin} onReview={props.onReview} />
        <RowActions {...props} />
      </div>
    </li>
  );
}
