import { EyeOff } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@web/lib/cn";
import { useT } from "@web/lib/language";
import type { RegistrationsFiltersProps } from "./registrations-filters";

/** A filter that is on or off: a pressed button, its words wrapping on a narrow screen. */
export function FilterToggle({
  pressed,
  onClick,
  icon,
  label,
}: {
  pressed: boolean;
  onClick: () => void;
  icon: ReactNode;
  label: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        "inline-flex min-h-10 items-center gap-2 rounded-md border px-3 py-1.5 text-left text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-4 [&_svg]:shrink-0",
        pressed ? "border-primary bg-primary text-primary-foreground" : "border-input bg-card hover:bg-accent",
      )}
    >
      {icon}
      {label}
    </button>
  );
}

/** 'Ocultar cancelados y sin verificar' (issue 32): also offered inside the fast review. */
export function HideUnconfirmedToggle({
  filters,
  onFiltersChange,
}: Pick<RegistrationsFiltersProps, "filters" | "onFiltersChange">) {
  const t = useT();
  return (
    <FilterToggle
      pressed={filters.hideUnconfirmed}
      onClick={() => onFiltersChange({ hideUnconfirmed: !filters.hideUnconfirmed })}
      icon={<EyeOff aria-hidden="true" />}
      label={t("registrations.filters.hideUnconfirmed")}
    />
  );
}
