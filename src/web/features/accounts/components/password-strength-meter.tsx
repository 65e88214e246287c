import type { MessageId } from "@common/i18n";
import { useT } from "@web/lib/language";
import { passwordStrength } from "@common/password-strength";
import { cn } from "@web/lib/cn";

const BAR_TONE = ["bg-destructive", "bg-destructive", "bg-warning", "bg-success", "bg-success"] as const;

const LEVELS: MessageId[] = [
  "accounts.register.strength.levels.tooShort",
  "accounts.register.strength.levels.weak",
  "accounts.register.strength.levels.fair",
  "accounts.register.strength.levels.good",
  "accounts.register.strength.levels.strong",
];

/** A hint of how strong a new password is; the only rule is its length. */
export function PasswordStrengthMeter({ password, id }: { password: string; id: string }) {
  const t = useT();
  const score = passwordStrength(password);
  const label = t(LEVELS[score] ?? "accounts.register.strength.levels.tooShort");
  return (
    <div id={id} className="grid gap-1" aria-live="polite">
      <div className="grid grid-cols-4 gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((level) => (
          <span key={level} className={cn("h-1.5 rounded-full bg-muted", password && score >= level && BAR_TONE[score])} />
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        {t("accounts.register.strength.label")}: {password ? label : "—"}
      </p>
    </div>
  );
}
