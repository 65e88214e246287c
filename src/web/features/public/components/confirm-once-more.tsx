import { Loader2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { PublicButton } from "./public-ui";

interface ConfirmOnceMoreProps {
  /** The button that asks (outlined, in the destructive colour). */
  label: string;
  title: string;
  body: string;
  confirmLabel: string;
  keepLabel: string;
  busy: boolean;
  /** Closes the question once it settles (an error is the caller's to show). */
  onConfirm: () => void | Promise<void>;
}

/**
 * A step a person cannot take back (cancelling a registration, declining a callback), asked once
 * more in place: the button opens a small alert dialog, focused, with the consequence and both
 * choices. No modal: the public pages carry no dialog library.
 */
export function ConfirmOnceMore({ label, title, body, confirmLabel, keepLabel, busy, onConfirm }: ConfirmOnceMoreProps) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLDivElement>(null);
  if (!confirming) {
    return (
      <PublicButton
        variant="outline"
        className="text-destructive sm:justify-self-start"
        disabled={busy}
        onClick={() => {
          setConfirming(true);
          requestAnimationFrame(() => confirmRef.current?.focus());
        }}
      >
        {label}
      </PublicButton>
    );
  }
  return (
    <div
      ref={confirmRef}
      tabIndex={-1}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      className="grid gap-3 rounded-lg border border-destructive/50 bg-destructive/5 p-4 outline-none"
    >
      <h2 id={`${id}-title`} className="font-semibold">
        {title}
      </h2>
      <p id={`${id}-body`} className="text-sm">
        {body}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <PublicButton
          className="bg-destructive text-white hover:bg-destructive/90"
          onClick={() => void Promise.resolve(onConfirm()).finally(() => setConfirming(false))}
          disabled={busy}
        >
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {confirmLabel}
        </PublicButton>
        <PublicButton variant="outline" onClick={() => setConfirming(false)} disabled={busy}>
          {keepLabel}
        </PublicButton>
      </div>
    </div>
  );
}
