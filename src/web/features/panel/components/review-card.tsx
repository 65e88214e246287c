import type { RegistrationStage } from "@common/constants";
import type { RegistrationListItem } from "@common/schemas/registrations";
import { ImageOff, NotebookPen, ThumbsDown, ThumbsUp } from "lucide-react";
import { useId, type ReactNode, type RefObject } from "react";
import { Button } from "@web/components/ui/button";
import { useT } from "@web/lib/language";
import { PanelSummary, ScoreButtons } from "./panel-summary";
import { RelatedLine } from "./related-line";
import { ReviewNotes } from "./review-notes";
import { StageBadge } from "./stage-control";
import { TagList } from "./tags-editor";

export interface ReviewCardProps {
  registration: RegistrationListItem;
  isAdmin: boolean;
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

function Measurements({ registration: r }: { registration: RegistrationListItem }) {
  const t = useT();
  const values = [
    t("panel.review.height", { value: r.height }),
    r.bust === null ? null : t("panel.review.bust", { value: r.bust }),
    r.waist === null ? null : t("panel.review.waist", { value: r.waist }),
    r.hips === null ? null : t("panel.review.hips", { value: r.hips }),
    r.eyeColor ? t("panel.review.eyeColor", { value: r.eyeColor }) : null,
  ].filter((value): value is string => value !== null);
  return (
    <section className="grid gap-1">
      <h3 className="text-sm font-semibold">{t("panel.review.measurements")}</h3>
      <p className="text-sm">{values.join(" · ")}</p>
    </section>
  );
}

/** The decisions by touch: shortlist and discard (admins), and the note. */
function DecisionButtons({
  isAdmin,
  onStage,
  staging,
  noteRef,
}: Pick<ReviewCardProps, "isAdmin" | "onStage" | "staging" | "noteRef">) {
  const t = useT();
  const adminHint = isAdmin ? undefined : t("panel.stageOnlyAdmins");
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="lg" variant="outline" onClick={() => onStage("shortlisted")} disabled={!isAdmin || staging} title={adminHint}>
        <ThumbsUp aria-hidden="true" />
        {t("panel.review.shortlist")}
      </Button>
      <Button size="lg" variant="outline" onClick={() => onStage("discarded")} disabled={!isAdmin || staging} title={adminHint}>
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

/** One registrant in the fast review: photos large, measurements, the panel, the decisions, the notes. */
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
        </div>
        <Measurements registration={r} />
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
