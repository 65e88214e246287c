import { PLACEHOLDER_LIST } from "@common/campaign-placeholders";
import { AlertTriangle } from "lucide-react";
import { useT } from "@web/lib/language";

/**
 * Named as the composer types them: placeholders that do not exist (`{Agencia}`) would reach every
 * model as written (issue 32). A polite live region, not an alert: it changes as the user types.
 */
export function UnknownPlaceholdersWarning({ placeholders }: { placeholders: string[] }) {
  const t = useT();
  return (
    <div role="status" aria-live="polite" data-testid="unknown-placeholders">
      {placeholders.length > 0 ? (
        <p className="flex items-start gap-2 rounded-md border border-warning/60 bg-warning/10 p-3 text-sm">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning-foreground" aria-hidden="true" />
          <span className="min-w-0 wrap-break-word">
            {t("campaigns.modal.unknownPlaceholders", {
              count: placeholders.length,
              placeholders: placeholders.join(", "),
              known: PLACEHOLDER_LIST,
            })}
          </span>
        </p>
      ) : null}
    </div>
  );
}
