import { useT } from "@web/lib/language";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";

interface DeleteRegistrationDialogProps {
  name: string | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function DeleteRegistrationDialog({ name, busy, onConfirm, onCancel }: DeleteRegistrationDialogProps) {
  const t = useT();
  return (
    <Dialog open={name !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("registrations.deleteDialog.title")}</DialogTitle>
          <DialogDescription>{t("registrations.deleteDialog.confirm")}</DialogDescription>
        </DialogHeader>
        {name ? <p className="text-sm font-medium">{name}</p> : null}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            {t("registrations.deleteDialog.cancel")}
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={busy}>
            {t("registrations.deleteDialog.submit")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
