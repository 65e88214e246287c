import { Check, Copy, KeyRound } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { copyText } from "@web/lib/clipboard";
import { useT } from "@web/lib/language";

/**
 * A secret just made (an API token, a webhook's signing secret), shown this once: the server keeps
 * only what it needs to check it. Selected in a read-only field, with «Copiar» and the warning; focus
 * moves to the field, so a screen reader hears it at once. `note` says what else the reader must know;
 * `children` show the secret another way (a door pass's QR code), under the field.
 */
export function SecretPanel({
  fieldId,
  title,
  label,
  secret,
  note,
  onDone,
  children,
}: {
  fieldId: string;
  title: string;
  label: string;
  secret: string;
  note?: string | undefined;
  onDone: () => void;
  children?: ReactNode;
}) {
  const t = useT();
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");

  // A new secret mounts a new panel (the caller keys it by the secret): «Copiado» never outlives it.
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, [secret]);

  const copySecret = async () => {
    if (await copyText(secret)) return setCopy("copied");
    setCopy("failed");
    field.current?.focus();
    field.current?.select();
  };

  return (
    <div role="status" className="grid gap-3 rounded-xl border-2 border-success/60 bg-success/5 p-4 text-foreground sm:p-5">
      <p className="flex items-center gap-2 font-semibold wrap-anywhere">
        <KeyRound aria-hidden="true" className="size-4 shrink-0 text-success" />
        {title}
      </p>
      <p id={`${fieldId}-warning`} className="text-sm font-medium">
        {note ? `${note} ` : null}
        {t("integrations.secret.copyNow")}
      </p>
      <div className="grid gap-2">
        <Label htmlFor={fieldId}>{label}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={fieldId}
            ref={field}
            readOnly
            value={secret}
            aria-describedby={`${fieldId}-warning`}
            spellCheck={false}
            className="font-mono"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" className="shrink-0" onClick={() => void copySecret()}>
            {copy === "copied" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {t("integrations.secret.copy")}
          </Button>
        </div>
        <p className="min-h-5 text-sm">
          {copy === "copied" ? t("integrations.secret.copied") : copy === "failed" ? t("integrations.secret.copyFailed") : ""}
        </p>
      </div>
      {children}
      <Button type="button" className="justify-self-start" onClick={onDone}>
        {t("integrations.secret.done")}
      </Button>
    </div>
  );
}
