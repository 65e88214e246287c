import { formatDateFor } from "@common/dates-language";
import type { RelatedSummary } from "@common/schemas/panel";
import { Link } from "react-router";
import { useLanguage } from "@web/lib/language";
import { StageBadge } from "./stage-control";

/**
 * 'También se registró en …': the same person's other registrations, one entry each, saying which
 * event (its name and date), the name given there, what matched and its stage, each link opening
 * that registration (issue 32: entries of the same event read apart).
 */
export function RelatedLine({ related }: { related: RelatedSummary[] }) {
  const { language, t } = useLanguage();
  if (related.length === 0) return null;
  return (
    <div className="grid gap-1 text-sm" data-testid="related-line">
      <p className="text-muted-foreground">{t("panel.related.alsoIn")}</p>
      <ul className="grid gap-1">
        {related.map((item) => {
          const date = formatDateFor(language, item.eventDate);
          return (
            <li key={item.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <Link
                className="min-w-0 font-medium wrap-break-word underline underline-offset-2 hover:text-primary"
                to={`/dashboard/scouting/registrations/${item.id}/edit`}
                aria-label={t("panel.related.openEntry", { name: item.fullName, eventName: item.eventName, date })}
              >
                {t("panel.related.entry", { name: item.fullName, eventName: item.eventName, date })}
              </Link>
              <span className="text-muted-foreground">{item.matchedBy.map((rule) => t(`panel.related.${rule}`)).join(", ")}</span>
              <StageBadge stage={item.stage} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
