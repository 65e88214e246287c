import { Moon, Sun } from "lucide-react";
import { common } from "@common/texts/common";
import { useTheme } from "@web/lib/theme";
import { Button } from "./ui/button";

export function ThemeToggle({ withLabel = false, className }: { withLabel?: boolean; className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const label = theme === "dark" ? common.theme.toLight : common.theme.toDark;
  const Icon = theme === "dark" ? Sun : Moon;
  if (withLabel) {
    return (
      <Button variant="ghost" className={className} onClick={toggleTheme} aria-label={label}>
        <Icon aria-hidden="true" />
        <span>{common.theme.label}</span>
      </Button>
    );
  }
  return (
    <Button variant="ghost" size="icon" className={className} onClick={toggleTheme} aria-label={label} title={label}>
      <Icon aria-hidden="true" />
    </Button>
  );
}
