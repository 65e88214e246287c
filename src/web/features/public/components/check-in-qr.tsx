import { useEffect, useId, useState } from "react";
import { useT } from "@web/lib/language";
import { qrPath, qrRuns, type QrRuns } from "@web/lib/qr";

/** The check-in QR code (issue 20), drawn once `qrcode` has loaded (its own chunk: lib/qr.ts). */
export function CheckInQr({ url, code }: { url: string; code: string }) {
  const t = useT();
  const titleId = useId();
  const [qr, setQr] = useState<QrRuns | null>(null);
  useEffect(() => {
    let live = true;
    void qrRuns(url).then((runs) => {
      if (live) setQr(runs);
    });
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <section className="grid justify-items-center gap-2 text-center" aria-labelledby={titleId}>
      <h2 id={titleId} className="font-semibold">
        {t("public.verify.checkInTitle")}
      </h2>
      <div className="size-48 rounded-lg bg-white p-1">
        {qr ? (
          <svg
            viewBox={`0 0 ${qr.size} ${qr.size}`}
            role="img"
            aria-label={t("public.verify.checkInAlt", { code })}
            className="size-full"
            shapeRendering="crispEdges"
            data-testid="check-in-qr"
          >
            <path d={qrPath(qr)} fill="#000" />
          </svg>
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">{t("public.verify.checkInNote")}</p>
    </section>
  );
}
