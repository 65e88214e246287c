import type { Profile } from "@common/schemas/accounts";
import { accounts as accountsTexts } from "@common/texts/accounts";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
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
import { ApiError } from "@web/lib/api";
import { useDeleteUser } from "../api/delete-user";

/** SPEC.md §8 Users: which of the catalogue's texts a failed deletion shows. */
export function deleteFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === "superadmin_protected") return accountsTexts.users.cannotDeleteSuperadmin;
    if (error.code === "forbidden") return accountsTexts.users.onlySuperadminsDelete;
  }
  return accountsTexts.users.deleteFailed;
}

export function DeleteUserDialog({ user }: { user: Profile }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteUser();
  const confirm = () =>
    remove.mutate(user.id, {
      onSuccess: () => {
        setOpen(false);
        toast.success(accountsTexts.users.deleted(user.email));
      },
      onError: (error) => {
        setOpen(false);
        toast.error(deleteFailureMessage(error));
      },
    });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={accountsTexts.users.deleteLabel(user.email)}>
          <Trash2 aria-hidden="true" className="text-destructive" />
          {accountsTexts.users.delete}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{accountsTexts.users.deleteConfirmTitle}</DialogTitle>
          <DialogDescription>{accountsTexts.users.deleteConfirmBody(user.email)}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{accountsTexts.users.cancel}</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? accountsTexts.users.deleting : accountsTexts.users.deleteConfirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
