import { useT } from "@web/lib/language";
import { LayoutList, Rows3 } from "lucide-react";
import { cn } from "@web/lib/cn";
import type { RegistrationsLayout } from "../hooks/use-registrations-layout";

const OPTIONS = [
  { layout: "detailed", label: "registrations.layout.detailed", Icon: LayoutList },
  { layout: "compact", label: "registrations.layout.compact", Icon: Rows3 },
] as const;

/** 'Vista detallada' / 'Vista compacta': two toggle buttons (aria-pressed) in a labelled group. */
export function LayoutToggle({
  layout,
  onLayoutChange,
}: {
  layout: RegistrationsLayout;
  onLayoutChange: (layout: RegistrationsLayout) => void;
}) {
  const t = useT();
  return (
    <div role="group" aria-label={t("registrations.layout.label")} className="inline-flex rounded-md border bg-card p-0.5">
      {OPTIONS.map(({ layout: option, label, Icon }) => (
        <button
          key={option}
          type="button"
          aria-pressed={layout === option}
          onClick={() => onLayoutChange(option)}
          className={cn(
            "inline-flex h-8 items-center gap-1.5 rounded px-2.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-4",
            layout === option ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-accent",
          )}
        >
          <Icon aria-hidden="true" />
          {t(label)}
        </button>
      ))}
    </div>
  );
}
