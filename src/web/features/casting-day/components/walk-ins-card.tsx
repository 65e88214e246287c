import type { ScoutingEvent } from "@common/schemas/events";
import { Pencil, Printer } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader } from "@web/components/ui/card";
import { ApiError } from "@web/lib/api";
import { useT } from "@web/lib/language";
import { downloadWalkInPoster } from "../api/walk-in-poster";

/**
 * «Registro en la puerta»: whether people who did not register may do so at the door (set in the
 * event's form, with the daily cap) and the poster whose QR code opens that form.
 */
export function WalkInsCard({ event }: { event: ScoutingEvent }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const walkIns = event.walkIns ?? { enabled: false, dailyCap: null };
  const download = async () => {
    setBusy(true);
    try {
      await downloadWalkInPoster(event.id, t("castingday.walkIns.posterFileName", { slug: event.slug }));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t("castingday.walkIns.posterFailed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <h2 className="flex flex-wrap items-center gap-2 text-xl font-semibold tracking-tight">
          {t("castingday.walkIns.title")}
          <Badge tone={walkIns.enabled ? "green" : "neutral"}>
            {walkIns.enabled ? t("castingday.walkIns.on") : t("castingday.walkIns.off")}
          </Badge>
        </h2>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <p>
          {!walkIns.enabled
            ? t("castingday.walkIns.offBody")
            : walkIns.dailyCap === null
              ? t("castingday.walkIns.onBody")
              : t("castingday.walkIns.onCapBody", { cap: walkIns.dailyCap })}
        </p>
        <div className="flex flex-wrap gap-2">
          {walkIns.enabled ? (
            <Button onClick={() => void download()} disabled={busy} aria-busy={busy || undefined}>
              <Printer aria-hidden="true" />
              {busy ? t("castingday.walkIns.posterBusy") : t("castingday.walkIns.poster")}
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link to={`/dashboard/scouting/events/${encodeURIComponent(event.id)}/edit`}>
              <Pencil aria-hidden="true" />
              {t("castingday.walkIns.change")}
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
