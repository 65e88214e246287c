import type { StaffWaitlist } from "@common/schemas/self-service";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { useT } from "@web/lib/language";

type Entry = StaffWaitlist["timeslots"][number]["entries"][number];

interface RemoveWaitlistEntryDialogProps {
  /** The person to take off the line; null keeps the dialog closed. */
  entry: Entry | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before taking someone off a waiting list: it cannot be undone, and they are told by e-mail. */
export function RemoveWaitlistEntryDialog({ entry, busy, onConfirm, onCancel }: RemoveWaitlistEntryDialogProps) {
  const t = useT();
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("registrations.waitlist.removeDialog.title")}</DialogTitle>
          <DialogDescription>{t("registrations.waitlist.removeDialog.body", { name: entry?.fullName ?? "" })}</DialogDescription>
        </DialogHeader>
        {entry?.status === "offered" ? <p className="text-sm">{t("registrations.waitlist.removeDialog.offered")}</p> : null}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            {t("registrations.waitlist.removeDialog.cancel")}
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={busy}>
            {t("registrations.waitlist.removeDialog.submit")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
