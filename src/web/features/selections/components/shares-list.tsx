import { formatDateTimeFor } from "@common/dates-language";
import type { Selection, SelectionShare, ShareState } from "@common/schemas/selections";
import { useState } from "react";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { ApiError } from "@web/lib/api";
import { useLanguage } from "@web/lib/language";
import { useRevokeShare } from "../api/revoke-share";

const STATE_TONE: Record<ShareState, "green" | "neutral" | "red"> = { active: "green", expired: "neutral", revoked: "red" };

/** The selection's links: for whom, until when, whether opened, what the client marked; «Revocar» asks first. */
export function SharesList({ selection }: { selection: Selection }) {
  const { t } = useLanguage();
  const [revoking, setRevoking] = useState<SelectionShare | null>(null);
  return (
    <section aria-labelledby="shares-title" className="grid min-w-0 gap-3">
      <h2 id="shares-title" className="text-lg font-semibold">
        {t("selections.links.title")}
      </h2>
      {selection.shares.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("selections.links.empty")}</p>
      ) : (
        <ul className="grid gap-2" data-testid="selection-shares">
          {selection.shares.map((share) => (
            <ShareRow key={share.id} share={share} onRevoke={() => setRevoking(share)} />
          ))}
        </ul>
      )}
      {revoking ? <RevokeDialog share={revoking} onClose={() => setRevoking(null)} /> : null}
    </section>
  );
}

function ShareRow({ share, onRevoke }: { share: SelectionShare; onRevoke: () => void }) {
  const { t, language } = useLanguage();
  const favourites = share.picks.filter((pick) => pick.favourite).length;
  const notes = share.picks.filter((pick) => pick.note).length;
  return (
    <li
      className="grid gap-2 rounded-lg border bg-card p-3 sm:grid-cols-[1fr_auto] sm:items-center"
      data-testid="selection-share"
    >
      <div className="grid min-w-0 gap-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 text-base font-medium [overflow-wrap:anywhere]">
          {share.clientName}
          <Badge tone={STATE_TONE[share.state]}>{t(`selections.links.state.${share.state}`)}</Badge>
          {share.hasPassword ? <Badge tone="outline">{t("selections.links.password")}</Badge> : null}
        </p>
        {share.clientEmail ? <p className="text-muted-foreground [overflow-wrap:anywhere]">{share.clientEmail}</p> : null}
        <p className="text-muted-foreground">
          {share.state === "revoked" && share.revokedAt
            ? t("selections.links.revokedAt", { date: formatDateTimeFor(language, share.revokedAt) })
            : t("selections.links.expires", { date: formatDateTimeFor(language, share.expiresAt) })}
          {" · "}
          {share.lastOpenedAt
            ? t("selections.links.opened", { date: formatDateTimeFor(language, share.lastOpenedAt) })
            : t("selections.links.neverOpened")}
        </p>
        <p>{t("selections.links.picks", { favourites, notes })}</p>
      </div>
      {share.state === "active" ? (
        <Button variant="outline" size="sm" className="justify-self-start text-destructive" onClick={onRevoke}>
          {t("selections.links.revoke")}
        </Button>
      ) : null}
    </li>
  );
}

function RevokeDialog({ share, onClose }: { share: SelectionShare; onClose: () => void }) {
  const { t } = useLanguage();
  const revoke = useRevokeShare();
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{t("selections.links.revokeTitle", { client: share.clientName })}</DialogTitle>
          <DialogDescription>{t("selections.links.revokeText")}</DialogDescription>
        </DialogHeader>
        {revoke.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {revoke.error instanceof ApiError ? revoke.error.message : t("selections.links.revokeFailed")}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t("selections.detail.cancel")}
          </Button>
          <Button
            variant="destructive"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(share.id, { onSuccess: onClose })}
          >
            {t("selections.links.revokeConfirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
