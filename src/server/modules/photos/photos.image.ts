/**
 * A photo from an untrusted upload, decided by its content alone and encoded again with sharp:
 * JPEG, PNG, WebP and AVIF accepted (the first bytes, then the decoder's own reading of the header),
 * a decompression bomb refused from the header before any pixel is decoded (and by
 * limitInputPixels should a header lie), a truncated file refused (failOn), orientation applied
 * (rotate() reads the EXIF tag), and no metadata copied: what is written holds pixels only, no
 * EXIF (GPS position, camera serial), XMP, IPTC or ICC beyond sRGB.
 */
import { open } from "node:fs/promises";
import sharp, { type Metadata } from "sharp";
import { PHOTO_LONGEST_SIDE, PHOTO_MAX_PIXELS, PHOTO_THUMB_SIDE } from "@common/photos";

// The images' pixels are not worth keeping between requests; memory is. One libvips thread per
// image: the uploads run side by side (photos.upload.ts bounds how many), each on a core of its own.
sharp.cache(false);
sharp.concurrency(1);

export type ImageRefusal = "unsupported" | "too_many_pixels" | "unreadable";

export class ImageRefused extends Error {
  constructor(readonly reason: ImageRefusal) {
    super(`image refused: ${reason}`);
    this.name = "ImageRefused";
  }
}

export interface ProcessedPhoto {
  large: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

type Format = "jpeg" | "png" | "webp" | "avif";

/** The format the first bytes announce, among the accepted ones. */
export function sniffFormat(head: Buffer): Format | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (head.length >= 12 && head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WEBP") return "webp";
  if (head.length >= 12 && head.toString("latin1", 4, 8) === "ftyp") {
    // ISO BMFF: the major brand and the compatible brands of the ftyp box.
    const boxSize = Math.min(head.readUInt32BE(0), head.length);
    for (let at = 8; at + 4 <= boxSize; at += 4) {
      if (at === 12) continue; // minor version
      const brand = head.toString("latin1", at, at + 4);
      if (brand === "avif" || brand === "avis") return "avif";
    }
  }
  return undefined;
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(64);
    const { bytesRead } = await handle.read(buffer, 0, 64, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const decoderFormat: Record<Format, (format: string | undefined, compression: string | undefined) => boolean> = {
  jpeg: (format) => format === "jpeg",
  png: (format) => format === "png",
  webp: (format) => format === "webp",
  avif: (format, compression) => format === "heif" && compression === "av1",
};

/** Reads the uploaded file at `file` and returns its large and thumbnail JPEGs, or throws ImageRefused. */
export async function processPhoto(file: string): Promise<ProcessedPhoto> {
  const format = sniffFormat(await readHead(file));
  if (!format) throw new ImageRefused("unsupported");
  const options = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: "truncated" as const, sequentialRead: true };
  let metadata: Metadata;
  try {
    metadata = await sharp(file, options).metadata();
  } catch (error) {
    // limitInputPixels is checked against the header, before any pixel is decoded.
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new ImageRefused("too_many_pixels");
    throw new ImageRefused("unreadable");
  }
  if (!decoderFormat[format](metadata.format, metadata.compression)) throw new ImageRefused("unsupported");
  const { width, height } = metadata;
  if (!width || !height) throw new ImageRefused("unreadable");
  if (width * height > PHOTO_MAX_PIXELS || (metadata.pages ?? 1) > 1) throw new ImageRefused("too_many_pixels");
  try {
    const large = await sharp(file, options)
      .rotate()
      .resize({ width: PHOTO_LONGEST_SIDE, height: PHOTO_LONGEST_SIDE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .jpeg({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    // The thumbnail from the large one: a 2,000 px JPEG decodes far faster than the original.
    const thumb = await sharp(large.data)
      .resize({ width: PHOTO_THUMB_SIDE, height: PHOTO_THUMB_SIDE, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 75 })
      .toBuffer();
    return { large: large.data, thumb, width: large.info.width, height: large.info.height };
  } catch (error) {
    if (error instanceof Error && /pixel limit|exceeds/i.test(error.message)) throw new ImageRefused("too_many_pixels");
    throw new ImageRefused("unreadable");
  }
}
