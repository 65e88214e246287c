/**
 * The camera, reading QR codes (issue 20): frames of the video go to the browser's BarcodeDetector
 * or its WebAssembly stand-in (qr-detector.ts). This file is its own chunk: only the check-in
 * screen loads it, when staff open the camera.
 */
import { useEffect, useRef, useState } from "react";
import { useT } from "@web/lib/language";
import { createQrDetector } from "./qr-detector";

/** How often a frame is read: fast enough to feel instant, slow enough to spare a phone's battery. */
const SCAN_EVERY_MS = 150;

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

    async function start() {
      try {
        // The camera and the decoder start together; whichever fails, the camera is let go.
        const camera = navigator.mediaDevices
          .getUserMedia({ video: { facingMode: "environment" }, audio: false })
          .then((media) => (stream = media));
        const [detector] = await Promise.all([createQrDetector(), camera]);
        if (stopped || !video.current || !stream) return;
        video.current.srcObject = stream;
        await video.current.play();
        setState("scanning");
        const read = async () => {
          if (stopped || !video.current) return;
          const frame = video.current;
          // A frame the decoder cannot read (the video between two frames) is skipped, not the end.
          const found = frame.videoWidth > 0 ? await detector.detect(frame).catch(() => []) : [];
          const text = found[0]?.rawValue;
          if (text) latest.current(text);
          timer = setTimeout(() => void read(), SCAN_EVERY_MS);
        };
        void read();
      } catch {
        stream?.getTracks().forEach((track) => track.stop());
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
