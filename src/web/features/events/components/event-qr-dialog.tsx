import { useT } from "@web/lib/language";
import { Download, QrCode } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@web/components/ui/dialog";
import { Loading } from "@web/components/ui/spinner";
import { downloadBlob } from "@web/lib/download";
import { qrPath, qrPng, qrRuns, qrSvg, type QrRuns } from "@web/lib/qr";

/**
 * The QR code of an event's short address, in a dialog: shown large enough to scan from the
 * screen, and downloadable as PNG or SVG for flyers and slides. The encoder loads on the first open.
 */
export function EventQrDialog({ url, slug, eventName }: { url: string; slug: string; eventName: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // The code of the address it was made for: an edited slug makes a new one.
  const [code, setCode] = useState<{ url: string; qr: QrRuns } | { url: string; failed: true } | null>(null);
  const current = code?.url === url ? code : null;

  function openChange(next: boolean) {
    setOpen(next);
    if (!next || current) return;
    qrRuns(url).then(
      (qr) => setCode({ url, qr }),
      (error: unknown) => {
        console.warn("QR code failed", error);
        setCode({ url, failed: true });
      },
    );
  }

  const fileName = t("events.poster.qrFileName", { slug });
  async function download(format: "png" | "svg", qr: QrRuns) {
    try {
      const blob = format === "svg" ? new Blob([qrSvg(qr)], { type: "image/svg+xml" }) : await qrPng(qr);
      downloadBlob(blob, `${fileName}.${format}`);
    } catch (error) {
      console.warn("QR download failed", error);
      toast.error(t("events.list.qrFailed"));
    }
  }

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t("events.list.qrOf", { name: eventName })}>
          <QrCode aria-hidden="true" />
          {t("events.list.qr")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="break-words">{t("events.list.qrTitle", { name: eventName })}</DialogTitle>
          <DialogDescription className="break-all">{t("events.list.qrDescription", { url })}</DialogDescription>
        </DialogHeader>
        {!current ? (
          <Loading text={t("events.list.qrLoading")} />
        ) : "failed" in current ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {t("events.list.qrFailed")}
          </p>
        ) : (
          <>
            <svg
              role="img"
              aria-label={t("events.list.qrImage", { url })}
              viewBox={`0 0 ${current.qr.size} ${current.qr.size}`}
              shapeRendering="crispEdges"
              className="mx-auto aspect-square w-full max-w-64 rounded-md"
            >
              <rect width={current.qr.size} height={current.qr.size} fill="#fff" />
              <path d={qrPath(current.qr)} fill="#000" />
            </svg>
            <DialogFooter>
              <Button variant="outline" onClick={() => void download("svg", current.qr)}>
                <Download aria-hidden="true" />
                {t("events.list.downloadSvg")}
              </Button>
              <Button onClick={() => void download("png", current.qr)}>
                <Download aria-hidden="true" />
                {t("events.list.downloadPng")}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
