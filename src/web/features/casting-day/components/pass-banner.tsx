import type { SessionUser } from "@common/schemas/accounts";
import { DoorOpen, LogOut } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { useT } from "@web/lib/language";
import { useDoorPassSignOut } from "../api/door-pass-session";
import { clockTime } from "./clock";

/** «Pase de puerta «name» · vence HH:MM» and «Salir»: who this phone acts as, and until when. */
export function PassBanner({ pass }: { pass: NonNullable<SessionUser["pass"]> }) {
  const t = useT();
  const signOut = useDoorPassSignOut();
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-2 border-b bg-info/10 px-4 py-2 text-sm text-foreground"
      data-testid="pass-banner"
    >
      <p className="flex min-w-0 items-center gap-2 font-medium">
        <DoorOpen className="size-4 shrink-0" aria-hidden="true" />
        <span className="wrap-anywhere">{t("castingday.pass.banner", { name: pass.name, time: clockTime(pass.expiresAt) })}</span>
      </p>
      <Button variant="outline" size="sm" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        <LogOut aria-hidden="true" />
        {t("castingday.pass.signOut")}
      </Button>
    </div>
  );
}
