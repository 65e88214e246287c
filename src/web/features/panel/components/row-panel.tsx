import type { RegistrationListItem } from "@common/schemas/registrations";
import { toast } from "sonner";
import { useT } from "@web/lib/language";
import { useMyScore } from "../api/panel-api";
import { PanelSummary, ScoreButtons } from "./panel-summary";
import { RelatedLine } from "./related-line";
import { StageControl } from "./stage-control";
import { TagList, TagsEditor } from "./tags-editor";

/** A row's panel: stage, the panel's scores with the viewer's own, tags, and the same person elsewhere. */
export function RowPanel({ registration: r }: { registration: RegistrationListItem }) {
  const t = useT();
  const score = useMyScore();
  return (
    <div className="grid gap-2" data-testid="row-panel">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <StageControl id={r.id} name={r.fullName} stage={r.stage} />
        <PanelSummary panel={r.panel} />
        <ScoreButtons
          mine={r.panel.mine}
          disabled={score.isPending}
          onScore={(value) =>
            score.mutate({ id: r.id, score: value }, { onError: () => toast.error(t("panel.errors.scoreFailed")) })
          }
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <TagList tags={r.tags} />
        <TagsEditor id={r.id} name={r.fullName} tags={r.tags} />
      </div>
      <RelatedLine related={r.related} />
    </div>
  );
}
