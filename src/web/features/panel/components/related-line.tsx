import type { RelatedSummary } from "@common/schemas/panel";
import { STAGE_MESSAGE } from "@common/schemas/panel";
import { Link } from "react-router";
import { useT } from "@web/lib/language";

/** 'También se registró en …': the same person's other events, each with its stage, each opening that registration. */
export function RelatedLine({ related }: { related: RelatedSummary[] }) {
  const t = useT();
  if (related.length === 0) return null;
  return (
    <p className="text-sm" data-testid="related-line">
      <span className="text-muted-foreground">{t("panel.related.alsoIn")} </span>
      {related.map((item, i) => (
        <span key={item.id}>
          {i > 0 ? ", " : null}
          <Link
            className="font-medium underline underline-offset-2 hover:text-primary"
            to={`/dashboard/scouting/registrations/${item.id}/edit`}
            aria-label={t("panel.related.open", { eventName: item.eventName })}
          >
            {t("panel.related.item", { eventName: item.eventName, stage: t(STAGE_MESSAGE[item.stage]) })}
          </Link>
        </span>
      ))}
    </p>
  );
}
