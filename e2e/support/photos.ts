/**
 * Photos for the journeys, made with sharp: a phone's photo (large, rotated by its EXIF tag, with a
 * GPS position and a camera serial) and plain ones, with a little grain so that they weigh what
 * photos weigh (a flat colour compresses to nothing and uploads in an instant).
 */
import { writeFileSync } from "node:fs";
import sharp from "sharp";

/** width × height RGB: the left half red, the right half blue, a soft gradient, and `grain`. */
function pixels(width: number, height: number, grain: number, colour?: [number, number, number]): Buffer {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return Math.round((seed / 0x7fffffff - 0.5) * grain);
  };
  const clamp = (value: number) => Math.max(0, Math.min(255, value));
  for (let y = 0; y < height; y++) {
    const shade = Math.round((40 * y) / height);
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const [r, g, b] = colour ?? (x < width / 2 ? [230, 30, 20] : [20, 30, 230]);
      raw[at] = clamp(r + noise());
      raw[at + 1] = clamp(g + shade + noise());
      raw[at + 2] = clamp(b + noise());
    }
  }
  return raw;
}

/**
 * A phone's photo: 4000 × 3000 stored sideways (EXIF orientation 6, so 3000 × 4000 upright), its
 * left half red (upright: the top), with GPS and a camera serial; about 2 MB.
 */
export const PHONE_PHOTO = { width: 4000, height: 3000 };

export async function phoneJpegFile(path: string): Promise<string> {
  const { width, height } = PHONE_PHOTO;
  const jpeg = await sharp(pixels(width, height, 20), { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "PhoneCo", Model: "X1", ImageDescription: "serial SN-123456" },
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "34/1 36/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "58/1 22/1 0/1" },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
  writeFileSync(path, jpeg);
  return path;
}

/** A 900 × 1200 photo of one colour; `grain` gives it weight (40: about 300 KB as the browser's JPEG). */
export async function plainPhotoFile(
  path: string,
  colour: [number, number, number],
  format: "png" | "jpeg" = "jpeg",
  grain = 0,
): Promise<string> {
  const [width, height] = [900, 1200];
  const image = sharp(pixels(width, height, grain, colour), { raw: { width, height, channels: 3 } });
  writeFileSync(path, await (format === "png" ? image.png() : image.jpeg()).toBuffer());
  return path;
}
