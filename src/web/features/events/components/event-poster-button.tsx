import { useLanguage } from "@web/lib/language";
import { Printer } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@web/components/ui/button";
import type { PosterEvent } from "../poster/event-poster";

/** 'Afiche': the event's printable poster (PDF), made in the browser; its code loads on the click. */
export function EventPosterButton({ event, url }: { event: PosterEvent; url: string }) {
  const { t, language } = useLanguage();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const { downloadEventPoster } = await import("../poster/event-poster");
      await downloadEventPoster(event, url, language);
    } catch (error) {
      console.warn("event poster failed", error);
      toast.error(t("events.list.posterFailed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void download()}
      disabled={busy}
      aria-busy={busy || undefined}
      aria-label={t("events.list.posterOf", { name: event.eventName })}
    >
      <Printer aria-hidden="true" />
      {t("events.list.poster")}
    </Button>
  );
}
