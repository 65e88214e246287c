import type { CreatedToken } from "@common/schemas/tokens";
import { Check, Copy, KeyRound } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { copyText } from "@web/lib/clipboard";
import { useT } from "@web/lib/language";

/**
 * The token just made, shown this once (the server keeps only its hash): selected in a read-only
 * field, with «Copiar» and the warning. Focus moves to the field, so a screen reader hears it at once.
 */
export function CreatedTokenPanel({ created, onDone }: { created: CreatedToken; onDone: () => void }) {
  const t = useT();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, [created.id]);

  const copyToken = async () => {
    if (await copyText(created.token)) return setCopy("copied");
    setCopy("failed");
    field.current?.focus();
    field.current?.select();
  };

  return (
    <div role="status" className="grid gap-3 rounded-xl border-2 border-success/60 bg-success/5 p-4 text-foreground sm:p-5">
      <p className="flex items-center gap-2 font-semibold">
        <KeyRound aria-hidden="true" className="size-4 shrink-0 text-success" />
        {t("integrations.tokens.created", { name: created.name })}
      </p>
      <p id={`${id}-warning`} className="text-sm font-medium">
        {t("integrations.tokens.copyNow")}
      </p>
      <div className="grid gap-2">
        <Label htmlFor={id}>{t("integrations.tokens.tokenField")}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={id}
            ref={field}
            readOnly
            value={created.token}
            aria-describedby={`${id}-warning`}
            spellCheck={false}
            className="font-mono"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" className="shrink-0" onClick={() => void copyToken()}>
            {copy === "copied" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {t("integrations.tokens.copy")}
          </Button>
        </div>
        <p className="min-h-5 text-sm">
          {copy === "copied" ? t("integrations.tokens.copied") : copy === "failed" ? t("integrations.tokens.copyFailed") : ""}
        </p>
      </div>
      <Button type="button" className="justify-self-start" onClick={onDone}>
        {t("integrations.tokens.done")}
      </Button>
    </div>
  );
}
