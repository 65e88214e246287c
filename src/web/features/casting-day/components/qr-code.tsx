import { useEffect, useState } from "react";
import { Loading } from "@web/components/ui/spinner";
import { useT } from "@web/lib/language";
import { qrPath, qrRuns, type QrRuns } from "@web/lib/qr";

/**
 * A link as a QR code, large enough for a phone's camera to read from this screen. The encoder loads
 * when the first code is shown.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const t = useT();
  const [code, setCode] = useState<{ text: string; qr: QrRuns } | { text: string; failed: true } | null>(null);
  useEffect(() => {
    let current = true;
    qrRuns(text).then(
      (qr) => current && setCode({ text, qr }),
      (error: unknown) => {
        console.warn("QR code failed", error);
        if (current) setCode({ text, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [text]);

  const shown = code?.text === text ? code : null;
  if (!shown) return <Loading text={t("castingday.qrLoading")} />;
  if ("failed" in shown) return <p className="text-sm text-destructive">{t("castingday.qrFailed")}</p>;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${shown.qr.size} ${shown.qr.size}`}
      shapeRendering="crispEdges"
      className="aspect-square w-full max-w-64 justify-self-center rounded-md"
      data-testid="qr-code"
    >
      <rect width={shown.qr.size} height={shown.qr.size} fill="#fff" />
      <path d={qrPath(shown.qr)} fill="#000" />
    </svg>
  );
}
