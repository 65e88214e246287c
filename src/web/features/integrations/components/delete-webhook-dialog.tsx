import type { Webhook } from "@common/schemas/webhooks";
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
import { useT } from "@web/lib/language";
import { useDeleteWebhook } from "../api/delete-webhook";
import { WEBHOOKS_LIST_TITLE_ID } from "./webhook-focus";

/** «Borrar»: asks first, since the endpoint's deliveries go with it, pending ones too. */
export function DeleteWebhookDialog({ webhook }: { webhook: Pick<Webhook, "id" | "url"> }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const remove = useDeleteWebhook();
  const [deleted, setDeleted] = useState(false);
  const confirm = () =>
    remove.mutate(webhook.id, {
      onSuccess: () => {
        setDeleted(true);
        setOpen(false);
        toast.success(t("integrations.webhooks.deleted", { url: webhook.url }));
      },
      onError: (error) => {
        setOpen(false);
        // The server's message names the case (already deleted: integrations.errors.webhookNotFound).
        toast.error(error instanceof ApiError ? error.message : t("integrations.webhooks.deleteFailed"));
      },
    });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t("integrations.webhooks.deleteLabel", { url: webhook.url })}>
          {t("integrations.webhooks.delete")}
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          // The card and its button are gone: focus lands on the list's heading.
          if (!deleted) return;
          event.preventDefault();
          document.getElementById(WEBHOOKS_LIST_TITLE_ID)?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="wrap-anywhere">{t("integrations.webhooks.deleteTitle", { url: webhook.url })}</DialogTitle>
          <DialogDescription>{t("integrations.webhooks.deleteBody")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t("integrations.webhooks.cancel")}</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? t("integrations.webhooks.deleting") : t("integrations.webhooks.deleteConfirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
