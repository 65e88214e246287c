import { useT } from "@web/lib/language";
import { Moon, Sun } from "lucide-react";
import { useTheme } from "@web/lib/theme";
import { Button } from "./ui/button";

/**
 * Switches between the light and dark theme. The accessible name says what a press does; the
 * labelled variant keeps its visible word 'Theme' at the start of that name (WCAG 2.5.3).
 */
export function ThemeToggle({ withLabel = false, className }: { withLabel?: boolean; className?: string }) {
  const t = useT();
  const { theme, toggleTheme } = useTheme();
  const action = theme === "dark" ? t("common.theme.toLight") : t("common.theme.toDark");
  const Icon = theme === "dark" ? Sun : Moon;
  if (withLabel) {
    return (
      <Button variant="ghost" className={className} onClick={toggleTheme}>
        <Icon aria-hidden="true" />
        <span>{t("common.theme.label")}</span>
        <span className="sr-only">: {action}</span>
        <span className="ml-auto text-xs font-normal text-muted-foreground" aria-hidden="true">
          {theme === "dark" ? t("common.theme.dark") : t("common.theme.light")}
        </span>
      </Button>
    );
  }
  return (
    <Button variant="ghost" size="icon" className={className} onClick={toggleTheme} aria-label={action} title={action}>
      <Icon aria-hidden="true" />
    </Button>
  );
}
