/** Photos for the journeys, made with sharp: a phone's JPEG (rotated by its EXIF tag, with GPS), and plain ones. */
import { writeFileSync } from "node:fs";
import sharp from "sharp";

/** A 1200 × 800 JPEG stored sideways (EXIF orientation 6), its left half red, with a GPS position and a camera serial. */
export async function phoneJpegFile(path: string): Promise<string> {
  const width = 1200;
  const height = 800;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw[(y * width + x) * 3 + (x < width / 2 ? 0 : 2)] = 255;
  const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
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

export async function plainPhotoFile(path: string, colour: string, format: "png" | "jpeg" = "jpeg"): Promise<string> {
  const image = sharp({ create: { width: 900, height: 1200, channels: 3, background: colour } });
  writeFileSync(path, await (format === "png" ? image.png() : image.jpeg()).toBuffer());
  return path;
}
