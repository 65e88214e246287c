import { useState } from "react";
import { Button } from "@web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@web/components/ui/dialog";
import { useT } from "@web/lib/language";

interface RevokeDialogProps {
  /** The trigger's accessible name: «Revocar» and whose. */
  label: string;
  title: string;
  body: string;
  confirm: string;
  pending: boolean;
  /** Revokes; `close` shuts the dialog once the server answered, saying whether the thing is gone. */
  onConfirm: (close: (revoked: boolean) => void) => void;
  /** Where focus goes once the revoked row (and its button) is gone. */
  focusAfter: string;
}

/** «Revocar», asked first: a pass or a screen stops working at once and for good. */
export function RevokeDialog({ label, title, body, confirm, pending, onConfirm, focusAfter }: RevokeDialogProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [revoked, setRevoked] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={label}>
          {t("castingday.revoke")}
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!revoked) return;
          event.preventDefault();
          document.getElementById(focusAfter)?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="wrap-anywhere">{title}</DialogTitle>
          <DialogDescription>{body}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t("castingday.cancel")}</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={pending}
            onClick={() =>
              onConfirm((gone) => {
                setRevoked(gone);
                setOpen(false);
              })
            }
          >
            {pending ? t("castingday.revoking") : confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
