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
import { useRotateWebhookSecret, type RotatedSecret } from "../api/rotate-webhook-secret";
import { WEBHOOK_SECRET_FIELD_ID } from "./webhook-focus";

/**
 * «Rotar secreto»: asks first, since the receiver must change its secret within the day's overlap.
 * The new secret shows in the page's panel, where focus goes.
 */
export function RotateSecretDialog({
  webhook,
  onRotated,
}: {
  webhook: Pick<Webhook, "id" | "url">;
  onRotated: (rotated: RotatedSecret) => void;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const rotate = useRotateWebhookSecret();
  const [rotated, setRotated] = useState(false);
  const confirm = () =>
    rotate.mutate(webhook.id, {
      onSuccess: (result) => {
        setRotated(true);
        setOpen(false);
        onRotated(result);
      },
      onError: (error) => {
        setOpen(false);
        toast.error(error instanceof ApiError ? error.message : t("integrations.webhooks.rotateFailed"));
      },
    });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setRotated(false);
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t("integrations.webhooks.rotateLabel", { url: webhook.url })}>
          {t("integrations.webhooks.rotate")}
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!rotated) return;
          event.preventDefault();
          document.getElementById(WEBHOOK_SECRET_FIELD_ID)?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="wrap-anywhere">{t("integrations.webhooks.rotateTitle", { url: webhook.url })}</DialogTitle>
          <DialogDescription>{t("integrations.webhooks.rotateBody")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t("integrations.webhooks.cancel")}</Button>
          </DialogClose>
          <Button onClick={confirm} disabled={rotate.isPending}>
            {rotate.isPending ? t("integrations.webhooks.rotating") : t("integrations.webhooks.rotateConfirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
