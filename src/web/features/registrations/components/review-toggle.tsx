import { useT } from "@web/lib/language";
import type { ReactNode } from "react";
import { useId } from "react";
import { cn } from "@web/lib/cn";

interface ReviewToggleProps {
  pressed: boolean;
  label: string;
  icon: ReactNode;
  /** Show the icon only; the label stays the button's accessible name (the compact table). */
  iconOnly?: boolean | undefined;
  /** Undefined: read-only (members), disabled with the hint 'Solo admins pueden cambiar esto'. */
  onToggle?: (() => void) | undefined;
}

/** Liked / attended: a toggle button (aria-pressed), admins only. */
export function ReviewToggle({ pressed, label, icon, iconOnly = false, onToggle }: ReviewToggleProps) {
  const t = useT();
  const hintId = useId();
  const disabled = !onToggle;
  return (
    <>
      <button
        type="button"
        aria-pressed={pressed}
        disabled={disabled}
        onClick={onToggle}
        title={disabled ? t("registrations.row.adminOnlyToggle") : label}
        aria-describedby={disabled ? hintId : undefined}
        className={cn(
          "inline-flex h-9 items-center gap-1.5 rounded-md border text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 [&_svg]:size-4",
          iconOnly ? "w-9 justify-center" : "px-2.5",
          pressed ? "border-primary bg-primary/10 text-primary" : "border-input bg-card text-muted-foreground hover:bg-accent",
        )}
      >
        {icon}
        {iconOnly ? <span className="sr-only">{label}</span> : label}
      </button>
      {disabled ? (
        <span id={hintId} className="sr-only">
          {t("registrations.row.adminOnlyToggle")}
        </span>
      ) : null}
    </>
  );
}
