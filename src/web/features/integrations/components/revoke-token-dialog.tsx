import type { ApiToken } from "@common/schemas/tokens";
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
import { useRevokeToken } from "../api/revoke-token";

/** The list's heading: focus lands there once a revoked token's row (and its button) is gone. */
export const TOKENS_LIST_TITLE_ID = "tokens-list-title";

/** «Revocar»: asks first, since the token stops working at once and for good. */
export function RevokeTokenDialog({ token }: { token: Pick<ApiToken, "id" | "name"> }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const revoke = useRevokeToken();
  const [revoked, setRevoked] = useState(false);
  const confirm = () =>
    revoke.mutate(token.id, {
      onSuccess: () => {
        setRevoked(true);
        setOpen(false);
        toast.success(t("integrations.tokens.revoked", { name: token.name }));
      },
      onError: (error) => {
        setOpen(false);
        // The server's message names the case (already revoked: integrations.errors.notFound).
        toast.error(error instanceof ApiError ? error.message : t("integrations.tokens.revokeFailed"));
      },
    });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t("integrations.tokens.revokeLabel", { name: token.name })}>
          {t("integrations.tokens.revoke")}
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!revoked) return;
          event.preventDefault();
          document.getElementById(TOKENS_LIST_TITLE_ID)?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t("integrations.tokens.revokeTitle", { name: token.name })}</DialogTitle>
          <DialogDescription>{t("integrations.tokens.revokeBody")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t("integrations.tokens.cancel")}</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={revoke.isPending}>
            {revoke.isPending ? t("integrations.tokens.revoking") : t("integrations.tokens.revokeConfirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
