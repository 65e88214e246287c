import { Loader2, Radio, RefreshCw } from "lucide-react";
import { Badge } from "@web/components/ui/badge";
import { useT } from "@web/lib/language";
import type { LiveState } from "../hooks/use-live-line";

/** Whether what the screen shows is live: «En vivo», or reconnecting, or read every few seconds. */
export function LiveBadge({ state }: { state: LiveState }) {
  const t = useT();
  return (
    <p role="status" className="text-sm" data-testid="live-state">
      {state === "live" ? (
        <Badge tone="green">
          <Radio className="size-3" aria-hidden="true" />
          {t("castingday.room.live.live")}
        </Badge>
      ) : state === "polling" ? (
        <span className="flex items-start gap-2 text-muted-foreground">
          <RefreshCw className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t("castingday.room.live.polling")}
        </span>
      ) : (
        <Badge tone="yellow">
          <Loader2 className="size-3 motion-safe:animate-spin" aria-hidden="true" />
          {t(state === "connecting" ? "castingday.room.live.connecting" : "castingday.room.live.reconnecting")}
        </Badge>
      )}
    </p>
  );
}
