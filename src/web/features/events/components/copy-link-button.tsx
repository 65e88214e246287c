import { useT } from "@web/lib/language";
import { Link2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { copyText } from "@web/lib/clipboard";

/**
 * 'Copiar enlace': the event's short address to the clipboard, confirmed by a toast. Where the
 * browser has no clipboard for the page or refuses it, a dialog shows the address selected, to copy
 * by hand.
 */
export function CopyLinkButton({ url, eventName, className }: { url: string; eventName: string; className?: string }) {
  const t = useT();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [fallback, setFallback] = useState(false);

  async function copy() {
    if (await copyText(url)) toast.success(t("events.list.linkCopied", { url }));
    else setFallback(true);
  }

  return (
    <>
      <Button
        ref={button}
        variant="outline"
        size="sm"
        className={className}
        onClick={() => void copy()}
        aria-label={t("events.list.copyLinkOf", { name: eventName })}
      >
        <Link2 aria-hidden="true" />
        {t("events.list.copyLink")}
      </Button>
      <Dialog open={fallback} onOpenChange={setFallback}>
        <DialogContent
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            field.current?.focus();
            field.current?.select();
          }}
          // Opened by the button's click, not a trigger of its own: focus goes back to the button.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            button.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>{t("events.list.copyFallbackTitle")}</DialogTitle>
            <DialogDescription>{t("events.list.copyFallbackBody")}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={id}>{t("events.list.linkField")}</Label>
            <Input id={id} ref={field} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
