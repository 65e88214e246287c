import { registrations as registrationsTexts } from "@common/texts/registrations";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";

interface DeleteRegistrationDialogProps {
  name: string | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function DeleteRegistrationDialog({ name, busy, onConfirm, onCancel }: DeleteRegistrationDialogProps) {
  return (
    <Dialog open={name !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{registrationsTexts.deleteDialog.title}</DialogTitle>
          <DialogDescription>{registrationsTexts.deleteDialog.confirm}</DialogDescription>
        </DialogHeader>
        {name ? <p className="text-sm font-medium">{name}</p> : null}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            {registrationsTexts.deleteDialog.cancel}
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={busy}>
            {registrationsTexts.deleteDialog.submit}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
