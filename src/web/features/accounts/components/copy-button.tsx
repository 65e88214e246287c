import { useT } from "@web/lib/language";
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "@web/components/ui/button";

export function CopyButton({ value, label }: { value: string; label?: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="justify-self-start"
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(() => setCopied(true));
      }}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-live="polite">{copied ? t("accounts.security.copied") : (label ?? t("accounts.security.copy"))}</span>
    </Button>
  );
}
