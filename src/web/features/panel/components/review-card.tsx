import { useCan } from "@web/features/accounts";
import type { RegistrationStage } from "@common/constants";
import type { RegistrationListItem } from "@common/schemas/registrations";
import { ImageOff, NotebookPen, ThumbsDown, ThumbsUp, TriangleAlert } from "lucide-react";
import { Badge } from "@web/components/ui/badge";
import { useId, type ReactNode, type RefObject } from "react";
import { Button } from "@web/components/ui/button";
import { reviewCardDetails } from "@common/registrant/format";
import { useLanguage, useT } from "@web/lib/language";
import { PanelSummary, ScoreButtons } from "./panel-summary";
import { RelatedLine } from "./related-line";
import { ReviewNotes } from "./review-notes";
import { StageBadge } from "./stage-control";
import { TagList } from "./tags-editor";

export interface ReviewCardProps {
  registration: RegistrationListItem;
  noteRef: RefObject<HTMLTextAreaElement | null>;
  /** The photos feature's gallery; when it shows nothing, the place says there are none. */
  photos?: ((registration: RegistrationListItem) => ReactNode) | undefined;
  onScore: (score: number) => void;
  scoring: boolean;
  onStage: (stage: RegistrationStage) => void;
  staging: boolean;
}

function Photos({ registration, photos }: Pick<ReviewCardProps, "registration" | "photos">) {
  const t = useT();
  const id = useId();
  const gallery = photos?.(registration);
  return (
    <section aria-labelledby={id} className="grid min-h-64 content-start gap-2">
      <h3 id={id} className="sr-only">
        {t("panel.review.photos")}
      </h3>
      {gallery ? (
        gallery
      ) : (
        <div className="flex min-h-64 flex-col items-center justify-center gap-2 rounded-xl border border-dashed text-muted-foreground md:min-h-[60dvh]">
          <ImageOff className="size-10" aria-hidden="true" />
          <p>{t("panel.review.noPhotos")}</p>
        </div>
      )}
    </section>
  );
}

/**
 * The registrant's details the card shows, read from the field definitions (`onReviewCard`,
 * docs/adding-a-field.md): a new field appears here without a change to the panel.
 */
function Details({ registration }: { registration: RegistrationListItem }) {
  const { t, language } = useLanguage();
  return reviewCardDetails(registration, language).map(({ section, details }) => (
    <section key={section} className="grid gap-1" data-testid="review-details">
      <h3 className="text-sm font-semibold">{t(`registrant.sections.${section}`)}</h3>
      <p className="text-sm">{details.map(({ label, value }) => t("panel.review.detail", { label, value })).join(" · ")}</p>
    </section>
  ));
}

/** The decisions by touch: shortlist and discard (admins), and the note. */
function DecisionButtons({ onStage, staging, noteRef }: Pick<ReviewCardProps, "onStage" | "staging" | "noteRef">) {
  const t = useT();
  const mayStage = useCan()("registrations.stage");
  const adminHint = mayStage ? undefined : t("panel.stageOnlyAdmins");
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="lg"
        variant="outline"
        onClick={() => onStage("shortlisted")}
        disabled={!mayStage || staging}
        title={adminHint}
      >
        <ThumbsUp aria-hidden="true" />
        {t("panel.review.shortlist")}
      </Button>
      <Button size="lg" variant="outline" onClick={() => onStage("discarded")} disabled={!mayStage || staging} title={adminHint}>
        <ThumbsDown aria-hidden="true" />
        {t("panel.review.discard")}
      </Button>
      <Button size="lg" variant="outline" onClick={() => noteRef.current?.focus()}>
        <NotebookPen aria-hidden="true" />
        {t("panel.review.note")}
      </Button>
    </div>
  );
}

/**
 * What sets this registration apart from a live, confirmed one (issue 32): the fast review goes
 * through the list as filtered, cancelled and unverified registrations included unless hidden.
 */
function RegistrationState({ registration: r }: { registration: RegistrationListItem }) {
  const t = useT();
  const marks = [
    r.status === "cancelled" ? { tone: "red" as const, text: t("panel.review.cancelled") } : null,
    r.status !== "cancelled" && !r.emailVerified ? { tone: "yellow" as const, text: t("panel.review.unverified") } : null,
    r.guardianStatus === "pending" ? { tone: "yellow" as const, text: t("privacy.guardian.badge") } : null,
  ].filter((mark) => mark !== null);
  if (marks.length === 0) return null;
  return (
    <p className="flex flex-wrap gap-2" data-testid="review-state">
      {marks.map((mark) => (
        <Badge key={mark.text} tone={mark.tone} className="px-2.5 py-1 text-sm">
          <TriangleAlert className="size-4" aria-hidden="true" />
          {mark.text}
        </Badge>
      ))}
    </p>
  );
}

/** One registrant in the fast review: photos large, the details, the panel, the decisions, the notes. */
export function ReviewCard(props: ReviewCardProps) {
  const t = useT();
  const { registration: r, noteRef } = props;
  return (
    <article
      className="mx-auto grid w-full max-w-6xl flex-1 gap-6 p-4 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
      aria-label={r.fullName}
      data-testid="review-card"
    >
      <Photos registration={r} photos={props.photos} />
      <div className="grid content-start gap-4">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-2xl font-semibold">{r.fullName}</h2>
            <StageBadge stage={r.stage} />
          </div>
          <p className="text-muted-foreground">
            {t("panel.review.age", { age: r.age })} · {r.location}
          </p>
          <RegistrationState registration={r} />
        </div>
        <Details registration={r} />
        <PanelSummary panel={r.panel} />
        <ScoreButtons mine={r.panel.mine} onScore={props.onScore} disabled={props.scoring} large />
        <DecisionButtons {...props} />
        <TagList tags={r.tags} />
        <RelatedLine related={r.related} />
        <ReviewNotes registration={r} noteRef={noteRef} />
      </div>
    </article>
  );
}
