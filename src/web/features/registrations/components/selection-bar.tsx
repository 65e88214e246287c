import { useT } from "@web/lib/language";
import { Download, X } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@web/components/ui/button";

interface SelectionBarProps {
  count: number;
  exportUrl: string;
  onClear: () => void;
  /** More actions on the selection (the campaigns feature adds 'Enviar email' here). */
  actions?: ReactNode;
}

/** The floating bar an admin sees while rows are selected. */
export function SelectionBar({ count, exportUrl, onClear, actions }: SelectionBarProps) {
  const t = useT();
  if (count === 0) return null;
  return (
    <div
      role="region"
      aria-label={t("registrations.selection.count", { count })}
      className="fixed inset-x-3 bottom-4 z-30 mx-auto flex max-w-xl items-center gap-2 rounded-xl border bg-popover p-2 text-popover-foreground shadow-lg sm:p-3 min-[990px]:left-64"
    >
      <span className="mr-auto min-w-0 truncate px-1 text-sm font-semibold" aria-live="polite">
        {t("registrations.selection.count", { count })}
      </span>
      <Button asChild size="sm">
        <a href={exportUrl} download>
          <Download aria-hidden="true" />
          {/* Icon only on a phone, so that the count stays readable beside the actions. */}
          <span className="max-sm:sr-only">{t("registrations.selection.exportCsv")}</span>
        </a>
      </Button>
      {actions}
      <Button variant="ghost" size="icon-sm" aria-label={t("registrations.selection.clear")} onClick={onClear}>
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
