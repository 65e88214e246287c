import type { QueueEntry } from "@common/schemas/queue";
import { ArrowDownToLine, DoorOpen, UserX } from "lucide-react";
import { useId, useState } from "react";
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

/**
 * «Ausente»: what happens to a number called and not there. Both ways are asked in a dialog, since
 * «Se fue» takes the person out of the line for good and a slip of the thumb would be final.
 */
export function AbsentDialog({
  entry,
  busy,
  onChoose,
}: {
  entry: QueueEntry;
  busy: boolean;
  onChoose: (then: "back" | "gone") => void;
}) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const choose = (then: "back" | "gone") => {
    setOpen(false);
    onChoose(then);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" disabled={busy} aria-label={t("castingday.room.mine.absentLabel", { number: entry.number })}>
          <UserX aria-hidden="true" />
          {t("castingday.room.mine.absent")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("castingday.room.absent.title", { number: entry.number })}</DialogTitle>
          <DialogDescription className="wrap-anywhere">
            {t("castingday.room.absent.body", { name: entry.registration.fullName })}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <div className="grid gap-1">
            <Button onClick={() => choose("back")} aria-describedby={`${id}-back`}>
              <ArrowDownToLine aria-hidden="true" />
              {t("castingday.room.absent.back")}
            </Button>
            <p id={`${id}-back`} className="text-sm text-muted-foreground">
              {t("castingday.room.absent.backHint")}
            </p>
          </div>
          <div className="grid gap-1">
            <Button variant="destructive" onClick={() => choose("gone")} aria-describedby={`${id}-gone`}>
              <DoorOpen aria-hidden="true" />
              {t("castingday.room.absent.gone")}
            </Button>
            <p id={`${id}-gone`} className="text-sm text-muted-foreground">
              {t("castingday.room.absent.goneHint")}
            </p>
          </div>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t("castingday.room.absent.cancel")}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
