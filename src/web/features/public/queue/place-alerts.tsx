import { useT } from "@web/lib/language";
import { Bell, Volume2 } from "lucide-react";
import { useState } from "react";
import { PublicButton } from "../components/public-ui";
import { askNotifications, notificationsSupported, soundSupported } from "./call-alert";

/**
 * What the person may add to the flash and the vibration: the chime (browsers play sound only after
 * a tap on the page) and a system notification (asked on a tap, never on load).
 */
export function PlaceAlerts({ soundOn, onToggleSound }: { soundOn: boolean; onToggleSound: () => void }) {
  const t = useT();
  // Shown only in the browser (the place arrives over the stream), so reading these here is safe.
  const [permission, setPermission] = useState(() => (notificationsSupported() ? Notification.permission : null));
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{t("public.place.keepOpen")}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        {soundSupported() ? (
          <PublicButton variant={soundOn ? "primary" : "outline"} aria-pressed={soundOn} onClick={onToggleSound}>
            <Volume2 aria-hidden="true" />
            {t("public.place.sound")}
          </PublicButton>
        ) : null}
        {permission === "default" ? (
          <PublicButton variant="outline" onClick={() => void askNotifications().then(setPermission)}>
            <Bell aria-hidden="true" />
            {t("public.place.notify")}
          </PublicButton>
        ) : null}
      </div>
      {soundOn ? <p className="text-sm">{t("public.place.soundOn")}</p> : null}
      {permission === "granted" ? <p className="text-sm">{t("public.place.notifyOn")}</p> : null}
      {permission === "denied" ? <p className="text-sm text-muted-foreground">{t("public.place.notifyBlocked")}</p> : null}
    </div>
  );
}
