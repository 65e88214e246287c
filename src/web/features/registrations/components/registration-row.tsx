import type { RegistrationListItem, RegistrationReview } from "@common/schemas/registrations";
import { formatTimeRange } from "@common/dates";
import { registrations as t } from "@common/texts/registrations";
import { AtSign, CalendarCheck, Heart, Mail, Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Checkbox } from "@web/components/ui/checkbox";
import { RatingStars } from "./rating-stars";
import { ReviewToggle } from "./review-toggle";

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
}

const measure = (value: number | null) => (value === null ? t.row.notAvailable : String(value));

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate text-sm">{children}</dd>
    </div>
  );
}

export function RegistrationRow({
  registration: r,
  isAdmin,
  selected,
  onSelectedChange,
  onReview,
  onResend,
  resending,
  onDelete,
  extraActions,
  campaigns,
}: RegistrationRowProps) {
  const canResend = r.status === "pending" && !r.emailVerified;
  return (
    <li className="rounded-xl border bg-card p-4 text-card-foreground shadow-sm" aria-label={r.fullName}>
      <div className="flex flex-wrap items-start gap-3">
        {isAdmin ? (
          <Checkbox
            className="mt-1.5"
            checked={selected}
            onChange={(event) => onSelectedChange(event.target.checked)}
            aria-label={t.row.select(r.fullName)}
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h3 className="text-base font-semibold">{r.fullName}</h3>
            <span className="text-sm text-muted-foreground">
              {t.row.age(r.age)} · {r.location}
            </span>
            <Badge tone={r.status === "confirmed" ? "green" : "yellow"}>{t.row.status[r.status]}</Badge>
            {!r.emailVerified ? <Badge tone="outline">{t.row.unverified}</Badge> : null}
          </div>
          <p className="mt-0.5 break-all text-sm text-muted-foreground">{r.email}</p>
          {campaigns ? <div className="mt-1.5">{campaigns}</div> : null}
        </div>
        <p className="basis-full text-sm sm:basis-auto">
          <span className="text-muted-foreground">{t.row.code}: </span>
          <span className="font-mono font-medium">{r.registrationCode}</span>
        </p>
      </div>

      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-6">
        <Detail label={t.row.phone}>{r.phoneNumber}</Detail>
        <Detail label={t.row.height}>{r.height} cm</Detail>
        <Detail label={t.row.eyeColor}>{r.eyeColor ?? t.row.notAvailable}</Detail>
        <Detail label={t.row.measurements}>
          {measure(r.bust)}-{measure(r.waist)}-{measure(r.hips)}
        </Detail>
        <Detail label={t.row.internationalWork}>{r.internationalWork ? t.row.yes : t.row.no}</Detail>
        <Detail label={t.row.timeslot}>{formatTimeRange(r.timeslot.startTime, r.timeslot.endTime)}</Detail>
      </dl>

      <div className="mt-3 flex flex-wrap items-center gap-2 border-t pt-3">
        <ReviewToggle
          pressed={r.liked}
          label={t.row.liked}
          icon={<Heart className={r.liked ? "fill-current" : undefined} aria-hidden="true" />}
          onToggle={isAdmin ? () => onReview({ liked: !r.liked }) : undefined}
        />
        <ReviewToggle
          pressed={r.attended}
          label={t.row.attended}
          icon={<CalendarCheck aria-hidden="true" />}
          onToggle={isAdmin ? () => onReview({ attended: !r.attended }) : undefined}
        />
        <RatingStars
          value={r.rating}
          label={t.row.rating}
          onChange={isAdmin ? (rating) => onReview({ rating }) : undefined}
        />
        <div className="ml-auto flex flex-wrap items-center gap-1">
          {canResend ? (
            <Button variant="outline" size="sm" onClick={onResend} disabled={resending} aria-label={t.actions.resendLabel(r.fullName)}>
              <Mail aria-hidden="true" />
              {t.actions.resend}
            </Button>
          ) : null}
          {r.instagramHandle ? (
            <Button asChild variant="ghost" size="icon-sm">
              <a
                href={`https://www.instagram.com/${encodeURIComponent(r.instagramHandle.replace(/^@+/, ""))}/`}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t.actions.instagram(r.instagramHandle.replace(/^@+/, ""))}
                title={t.actions.instagram(r.instagramHandle.replace(/^@+/, ""))}
              >
                <AtSign aria-hidden="true" />
              </a>
            </Button>
          ) : null}
          <Button asChild variant="ghost" size="icon-sm">
            <Link to={`/dashboard/scouting/registrations/${r.id}/edit`} aria-label={t.actions.edit(r.fullName)} title={t.actions.edit(r.fullName)}>
              <Pencil aria-hidden="true" />
            </Link>
          </Button>
          {extraActions}
          <Button
            variant="ghost"
            size="icon-sm"
            className="text-destructive hover:text-destructive"
            onClick={onDelete}
            aria-label={t.actions.delete(r.fullName)}
            title={t.actions.delete(r.fullName)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
    </li>
  );
}
