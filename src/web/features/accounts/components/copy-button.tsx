import { accounts as accountsTexts } from "@common/texts/accounts";
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "@web/components/ui/button";

export function CopyButton({ value, label = accountsTexts.security.copy }: { value: string; label?: string }) {
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
      <span aria-live="polite">{copied ? accountsTexts.security.copied : label}</span>
    </Button>
  );
}
