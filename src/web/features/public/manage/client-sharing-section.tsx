import type { ManageView } from "@common/schemas/self-service";
import { Loader2, Users } from "lucide-react";
import { useId, useState } from "react";
import { useT } from "@web/lib/language";
import { setManagedClientSharing } from "../api/self-service";
import { Notice, PublicButton } from "../components/public-ui";

/**
 * Whether the agency may show the person's profile to its clients (issue 36): given or withdrawn
 * here; withdrawn, the person leaves every selection at once. A minor whose guardian has decided
 * cannot give it any more (it is asked with the registration, for the guardian to approve).
 */
export function ClientSharingSection({
  view,
  token,
  onChanged,
  onFailed,
}: {
  view: ManageView;
  token: string;
  onChanged: (next: ManageView, text: string) => void;
  onFailed: (error: unknown) => void;
}) {
  const t = useT();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const { consent, awaitingGuardian, canGive } = view.clientSharing;
  async function answer(next: boolean) {
    setBusy(true);
    try {
      const changed = await setManagedClientSharing(token, next);
      onChanged(changed, t(next ? "public.manage.clientSharing.given" : "public.manage.clientSharing.withdrawn"));
    } catch (error) {
      onFailed(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <Users className="size-5 text-primary" aria-hidden="true" />
        {t("public.manage.clientSharing.title")}
      </h2>
      <p className="text-sm">{t(consent ? "public.manage.clientSharing.on" : "public.manage.clientSharing.off")}</p>
      {awaitingGuardian ? <Notice tone="warning">{t("public.manage.clientSharing.awaitingGuardian")}</Notice> : null}
      {!consent && !canGive ? (
        <p className="text-sm text-muted-foreground">{t("public.manage.clientSharing.minorClosed")}</p>
      ) : null}
      {consent || canGive ? (
        <PublicButton variant="outline" className="sm:justify-self-start" onClick={() => answer(!consent)} disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t(consent ? "public.manage.clientSharing.withdraw" : "public.manage.clientSharing.give")}
        </PublicButton>
      ) : null}
    </section>
  );
}
