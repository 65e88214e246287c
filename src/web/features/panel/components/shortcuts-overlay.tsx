import { X } from "lucide-react";
import { useId } from "react";
import { Button } from "@web/components/ui/button";
import { useT } from "@web/lib/language";

const KEYS = ["next", "previous", "score", "shortlist", "discard", "note", "help", "close"] as const;

/** The `?` overlay: every shortcut of the fast review. */
export function ShortcutsOverlay({ onClose }: { onClose: () => void }) {
  const t = useT();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="fixed right-4 top-24 z-20 sm:top-16 w-[min(22rem,calc(100%-2rem))] rounded-xl border bg-popover p-4 text-popover-foreground shadow-lg"
      data-testid="shortcuts-overlay"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="font-semibold">
          {t("panel.review.shortcuts")}
        </h2>
        <Button variant="ghost" size="icon-sm" onClick={onClose} aria-label={t("common.close")}>
          <X aria-hidden="true" />
        </Button>
      </div>
      <ul className="mt-2 grid gap-1 text-sm">
        {KEYS.map((key) => (
          <li key={key}>{t(`panel.review.keys.${key}`)}</li>
        ))}
      </ul>
    </section>
  );
}
