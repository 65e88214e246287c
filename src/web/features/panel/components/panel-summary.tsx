import { RATING_MAX, PANEL_DISAGREEMENT_SPREAD } from "@common/constants";
import { isDisagreement, type PanelSummary as Panel } from "@common/schemas/panel";
import { TriangleAlert } from "lucide-react";
import { Badge } from "@web/components/ui/badge";
import { LabelledGroup } from "@web/components/ui/labelled-group";
import { cn } from "@web/lib/cn";
import { useT } from "@web/lib/language";

/** The panel's average, how many scored, the disagreement mark (spread ≥ 3) and the viewer's own score. */
export function PanelSummary({ panel }: { panel: Panel }) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="panel-summary">
      <span className="text-muted-foreground">{t("panel.summaryLabel")}:</span>
      <span className="font-medium">
        {panel.average === null ? t("panel.noScores") : t("panel.average", { average: panel.average })}
      </span>
      {panel.count > 0 ? <span className="text-muted-foreground">{t("panel.count", { count: panel.count })}</span> : null}
      {isDisagreement(panel) ? (
        <Badge tone="yellow" title={t("panel.disagreementHint", { spread: PANEL_DISAGREEMENT_SPREAD })}>
          <TriangleAlert className="size-3" aria-hidden="true" />
          {t("panel.disagreement")}
        </Badge>
      ) : null}
      <span className="text-muted-foreground">
        {panel.mine === null ? t("panel.mineNone") : t("panel.mine", { score: panel.mine })}
      </span>
    </div>
  );
}

/**
 * 1 to 5: the viewer's own panel score, touch-sized numbered buttons, named by a visible label so
 * that it never reads as the official rating's stars beside it (issue 32).
 */
export function ScoreButtons({
  mine,
  onScore,
  disabled,
  large = false,
}: {
  mine: number | null;
  onScore: (score: number) => void;
  disabled?: boolean;
  large?: boolean;
}) {
  const t = useT();
  return (
    <LabelledGroup label={t("panel.scoreScale")} className="flex items-center gap-1">
      {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((n) => (
        <button
          key={n}
          type="button"
          disabled={disabled}
          aria-pressed={mine === n}
          aria-label={t("panel.scoreButton", { score: n })}
          onClick={() => onScore(n)}
          className={cn(
            "rounded-md border font-semibold tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60",
            large ? "size-12 text-lg" : "size-8 text-sm",
            mine === n ? "border-primary bg-primary text-primary-foreground" : "border-input bg-card hover:bg-accent",
          )}
        >
          {n}
        </button>
      ))}
    </LabelledGroup>
  );
}
