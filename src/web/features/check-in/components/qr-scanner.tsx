/**
 * The camera, reading QR codes (issue 20). The browser's BarcodeDetector where it exists (Chrome on
 * Android, Safari); otherwise jsQR over the video's frames drawn on a canvas (Debian's Chromium and
 * Firefox have no BarcodeDetector). This file is its own chunk: only the check-in screen loads it.
 */
import jsQR from "jsqr";
import { useEffect, useRef, useState } from "react";
import { useT } from "@web/lib/language";

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** How often a frame is read: fast enough to feel instant, slow enough to spare a phone's battery. */
const SCAN_EVERY_MS = 150;

async function nativeDetector(): Promise<BarcodeDetectorLike | undefined> {
  const Detector = (
    globalThis as { BarcodeDetector?: BarcodeDetectorConstructor & { getSupportedFormats?: () => Promise<string[]> } }
  ).BarcodeDetector;
  if (!Detector) return undefined;
  const formats = (await Detector.getSupportedFormats?.()) ?? [];
  return formats.includes("qr_code") ? new Detector({ formats: ["qr_code"] }) : undefined;
}

export function QrScanner({ onScan }: { onScan: (text: string) => void }) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<"starting" | "scanning" | "failed">("starting");
  const latest = useRef(onScan);
  useEffect(() => {
    latest.current = onScan;
  });

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("2d", { willReadFrequently: true });

    async function start() {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        setState("scanning");
        const detector = await nativeDetector();
        const read = async () => {
          if (stopped || !video.current) return;
          const frame = video.current;
          let text: string | undefined;
          if (frame.videoWidth > 0) {
            if (detector) {
              text = (await detector.detect(frame))[0]?.rawValue;
            } else if (context) {
              canvas.width = frame.videoWidth;
              canvas.height = frame.videoHeight;
              context.drawImage(frame, 0, 0);
              const image = context.getImageData(0, 0, canvas.width, canvas.height);
              text = jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" })?.data;
            }
          }
          if (text) latest.current(text);
          timer = setTimeout(() => void read(), SCAN_EVERY_MS);
        };
        void read();
      } catch {
        if (!stopped) setState("failed");
      }
    }
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="grid gap-2">
      <video
        ref={video}
        muted
        playsInline
        aria-label={t("checkin.scan.video")}
        className="aspect-square w-full max-w-sm justify-self-center rounded-lg bg-black object-cover"
      />
      {state === "starting" ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t("checkin.scan.starting")}
        </p>
      ) : null}
      {state === "failed" ? (
        <p role="alert" className="text-sm text-destructive">
          {t("checkin.scan.noCamera")}
        </p>
      ) : null}
    </div>
  );
}

export default QrScanner;
