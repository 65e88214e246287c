import type { MessageId } from "@common/i18n";
import { useT } from "@web/lib/language";
import type { Profile } from "@common/schemas/accounts";
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

/** docs/product.md §8 Users: which of the catalogue's texts a failed deletion shows. */
export function deleteFailureMessage(error: unknown): MessageId {
  if (error instanceof ApiError) {
    if (error.code === "superadmin_protected") return "accounts.users.cannotDeleteSuperadmin";
    if (error.code === "forbidden") return "accounts.users.onlySuperadminsDelete";
  }
  return "accounts.users.deleteFailed";
}

export function DeleteUserDialog({ user }: { user: Profile }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const remove = useDeleteUser();
  const confirm = () =>
    remove.mutate(user.id, {
      onSuccess: () => {
        setOpen(false);
        toast.success(t("accounts.users.deleted", { email: user.email }));
      },
      onError: (error) => {
        setOpen(false);
        toast.error(t(deleteFailureMessage(error)));
      },
    });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t("accounts.users.deleteLabel", { email: user.email })}>
          <Trash2 aria-hidden="true" className="text-destructive" />
          {t("accounts.users.delete")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("accounts.users.deleteConfirmTitle")}</DialogTitle>
          <DialogDescription>{t("accounts.users.deleteConfirmBody", { email: user.email })}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t("accounts.users.cancel")}</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? t("accounts.users.deleting") : t("accounts.users.deleteConfirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
