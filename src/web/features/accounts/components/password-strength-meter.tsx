import { passwordStrength } from "@common/password-strength";
import { accounts as accountsTexts } from "@common/texts/accounts";
import { cn } from "@web/lib/cn";

const BAR_TONE = ["bg-destructive", "bg-destructive", "bg-warning", "bg-success", "bg-success"] as const;

/** A hint of how strong a new password is; the only rule is its length. */
export function PasswordStrengthMeter({ password, id }: { password: string; id: string }) {
  const score = passwordStrength(password);
  const label = accountsTexts.register.strength.levels[score];
  return (
    <div id={id} className="grid gap-1" aria-live="polite">
      <div className="grid grid-cols-4 gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((level) => (
          <span key={level} className={cn("h-1.5 rounded-full bg-muted", password && score >= level && BAR_TONE[score])} />
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        {accountsTexts.register.strength.label}: {password ? label : "—"}
      </p>
    </div>
  );
}
