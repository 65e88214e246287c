import { useCan } from "@web/features/accounts";
import { useT } from "@web/lib/language";
import type { RegistrationListItem, RegistrationReview } from "@common/schemas/registrations";
import { formatTimeRange } from "@common/dates";
import { fieldsHiddenFrom, listedDetails } from "@common/registrant/format";
import { AtSign, CalendarCheck, Heart, Mail, Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "@web/components/ui/badge";
import { registrationState, STAFF_STATE_BADGES, type RegistrationState } from "@common/registration-state";
import { Button } from "@web/components/ui/button";
import { Checkbox } from "@web/components/ui/checkbox";
import { EmailAddress } from "@web/components/email-address";
import { PhotoThumbnail } from "./photo-viewer";
import { RatingStars } from "./rating-stars";
import { ReviewToggle } from "./review-toggle";

/** The registration's state as the person reads it too (issue 32): a minor waiting for the guardian is not "Confirmado". */
export const stateOf = (r: RegistrationListItem): RegistrationState =>
  registrationState({ ...r, guardianStatus: r.guardianStatus ?? "not_required" });

export interface RegistrationRowProps {
  registration: RegistrationListItem;
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
  const can = useCan();
  const canResend = can("registrations.edit") && r.status === "pending" && !r.emailVerified;
  const handle = r.instagramHandle?.replace(/^@+/, "");
  return (
    <div className={compact ? "flex items-center justify-end" : "ml-auto flex flex-wrap items-center gap-1"}>
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
      {can("registrations.edit") ? (
        <Button asChild variant="ghost" size="icon-sm">
          <Link
            to={`/dashboard/scouting/registrations/${r.id}/edit`}
            aria-label={t("registrations.actions.edit", { name: r.fullName })}
            title={t("registrations.actions.edit", { name: r.fullName })}
          >
            <Pencil aria-hidden="true" />
          </Link>
        </Button>
      ) : null}
      {extraActions}
      {/* Offered to every staff member who may change registrations (docs/product.md §2 and §6): the server
          refuses those without registrations.delete, and the list says so. A viewer changes nothing. */}
      {can("registrations.delete") || can("registrations.edit") ? (
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
      ) : null}
    </div>
  );
}

type ReviewProps = Pick<RegistrationRowProps, "registration" | "onReview"> & {
  /** The compact table's: the toggle's word (the rating's label) is its accessible name only. */
  iconOnly?: boolean;
};

/** Liked: an admin's to change, shown to everyone (docs/product.md §2 and §6). */
export function LikedToggle({ registration: r, onReview, iconOnly }: ReviewProps) {
  const t = useT();
  const can = useCan();
  return (
    <ReviewToggle
      pressed={r.liked}
      label={t("registrations.row.liked")}
      iconOnly={iconOnly}
      icon={<Heart className={r.liked ? "fill-current" : undefined} aria-hidden="true" />}
      onToggle={can("registrations.rate") ? () => onReview({ liked: !r.liked }) : undefined}
    />
  );
}

/** Attended: an admin's to change, shown to everyone (docs/product.md §2 and §6). */
export function AttendedToggle({ registration: r, onReview, iconOnly }: ReviewProps) {
  const t = useT();
  const can = useCan();
  return (
    <ReviewToggle
      pressed={r.attended}
      label={t("registrations.row.attended")}
      iconOnly={iconOnly}
      icon={<CalendarCheck aria-hidden="true" />}
      onToggle={can("registrations.rate") ? () => onReview({ attended: !r.attended }) : undefined}
    />
  );
}

/**
 * The official rating: an admin's to change, shown to everyone (docs/product.md §2 and §6); named 'Calificación
 * oficial' so that it reads apart from the panel's scores (issue 32).
 */
export function RegistrationRating({ registration: r, onReview, iconOnly = false }: ReviewProps) {
  const t = useT();
  const can = useCan();
  return (
    <RatingStars
      value={r.rating}
      label={t("registrations.row.officialRating")}
      showLabel={!iconOnly}
      onChange={can("registrations.rate") ? (rating) => onReview({ rating }) : undefined}
    />
  );
}

export function RegistrationRow(props: RegistrationRowProps) {
  const t = useT();
  const { registration: r, selected, onSelectedChange, campaigns, panel } = props;
  const can = useCan();
  const state = stateOf(r);
  return (
    <li className="rounded-xl border bg-card p-4 text-card-foreground shadow-sm" aria-label={r.fullName}>
      <div className="flex flex-wrap items-start gap-3">
        {can("campaigns.send") ? (
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
            <Badge tone={STAFF_STATE_BADGES[state].tone}>{t(STAFF_STATE_BADGES[state].label)}</Badge>
            {!r.emailVerified ? <Badge tone="outline">{t("registrations.row.unverified")}</Badge> : null}
            {state === "awaiting_email_and_guardian" ? <Badge tone="yellow">{t("privacy.guardian.badge")}</Badge> : null}
          </div>
          {r.email !== null ? <EmailAddress address={r.email} className="mt-0.5 block text-sm text-muted-foreground" /> : null}
          {campaigns ? <div className="mt-1.5">{campaigns}</div> : null}
        </div>
        <p className="basis-full text-sm sm:basis-auto">
          <span className="text-muted-foreground">{t("registrations.row.code")}: </span>
          <span className="font-mono font-medium">{r.registrationCode}</span>
        </p>
      </div>

      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-6">
        {listedDetails(r, undefined, fieldsHiddenFrom(can)).map(({ label, value }) => (
          <Detail key={label} label={label}>
            {value}
          </Detail>
        ))}
        <Detail label={t("registrations.row.timeslot")}>{formatTimeRange(r.timeslot.startTime, r.timeslot.endTime)}</Detail>
      </dl>

      {panel ? <div className="mt-3 border-t pt-3">{panel}</div> : null}

      <div className="mt-3 flex flex-wrap items-center gap-2 border-t pt-3">
        <LikedToggle registration={r} onReview={props.onReview} />
        <AttendedToggle registration={r} onReview={props.onReview} />
        <RegistrationRating registration={r} onReview={props.onReview} />
        <RowActions {...props} />
      </div>
    </li>
  );
}
