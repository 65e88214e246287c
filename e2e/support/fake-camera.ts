/**
 * A camera for Chromium's fake capture device (--use-file-for-fake-video-capture): a Y4M video
 * whose frames show a QR code, so the check-in screen's scanning runs as on a phone.
 */
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import QRCode from "qrcode";
import sharp from "sharp";

const WIDTH = 640;
const HEIGHT = 480;

/** Where the fake camera reads from; fixed at the browser's launch, written before the camera opens. */
export const FAKE_CAMERA_FILE = path.join(tmpdir(), `opencall-fake-camera-${process.pid}.y4m`);

function y4m(luma: Buffer): Buffer {
  // Grey: the chroma planes all at their middle value.
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma.subarray(0, WIDTH * HEIGHT), chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]);
}

/** A blank camera, so the file exists when the browser starts (synchronous: at the spec's load). */
export function blankFakeCamera(file = FAKE_CAMERA_FILE): string {
  writeFileSync(file, y4m(Buffer.alloc(WIDTH * HEIGHT, 255)));
  return file;
}

/** Writes a short 4:2:0 Y4M clip (Chromium loops it) showing `text` as a QR code on white. */
export async function showOnFakeCamera(text: string, file = FAKE_CAMERA_FILE): Promise<void> {
  const png = await QRCode.toBuffer(text, { errorCorrectionLevel: "M", margin: 4, width: 400 });
  const luma = await sharp(png)
    .flatten({ background: "#ffffff" })
    .extend({
      top: (HEIGHT - 400) / 2,
      bottom: (HEIGHT - 400) / 2,
      left: (WIDTH - 400) / 2,
      right: (WIDTH - 400) / 2,
      background: "#ffffff",
    })
    .greyscale()
    .raw()
    .toBuffer();
  writeFileSync(file, y4m(luma));
}
