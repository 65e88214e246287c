import { useT } from "@web/lib/language";
import { Download, X } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@web/components/ui/button";

interface SelectionBarProps {
  count: number;
  exportUrl: string;
  onClear: () => void;
  /** More actions on the selection ('Enviar email', 'Invitar a callback'); on a phone they wrap to a line of their own. */
  actions?: ReactNode;
}

/**
 * The floating bar an admin sees while rows are selected. Its actions always say what they do: on a
 * phone they take a second row (count and clear above), each half of it, with their words.
 */
export function SelectionBar({ count, exportUrl, onClear, actions }: SelectionBarProps) {
  const t = useT();
  if (count === 0) return null;
  return (
    <div
      role="region"
      aria-label={t("registrations.selection.count", { count })}
      className="fixed inset-x-3 bottom-4 z-30 mx-auto flex max-w-xl flex-wrap items-center gap-2 rounded-xl border bg-popover p-2 text-popover-foreground shadow-lg sm:flex-nowrap sm:p-3 min-[990px]:left-64"
    >
      <span className="min-w-0 flex-1 truncate px-1 text-sm font-semibold" aria-live="polite">
        {t("registrations.selection.count", { count })}
      </span>
      <div className="flex flex-wrap items-center gap-2 max-sm:order-last max-sm:w-full max-sm:*:flex-1">
        <Button asChild size="sm">
          <a href={exportUrl} download>
            <Download aria-hidden="true" />
            {t("registrations.selection.exportCsv")}
          </a>
        </Button>
        {actions}
      </div>
      <Button variant="ghost" size="icon-sm" aria-label={t("registrations.selection.clear")} onClick={onClear}>
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
