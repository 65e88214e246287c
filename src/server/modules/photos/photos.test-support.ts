/**
 * What the photo tests need: images made with sharp (a phone's JPEG with EXIF orientation, camera
 * and GPS tags; a decompression bomb; a truncated JPEG; a PDF under a photo's name), a multipart
 * body builder for app.inject, a minimal EXIF reader (no library trusted to tell us what it wrote),
 * and an S3-protocol server (s3rver, test/s3.ts) the tests start themselves.
 */
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { deflateSync } from "node:zlib";
import { afterAll, beforeAll } from "vitest";
import type { Config, StorageConfig } from "../../config";
import { useTestApp } from "../../test/harness";
import { startS3, type TestS3 } from "../../test/s3";

/** A width×height JPEG: left half red, right half blue, stored rotated (EXIF orientation 6) with GPS. */
export async function phoneJpeg(width = 300, height = 200): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw[(y * width + x) * 3 + (x < width / 2 ? 0 : 2)] = 255;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "PhoneCo", Model: "X1", ImageDescription: "serial SN-123456" },
      IFD3: {
        GPSLatitudeRef: "S",
        GPSLatitude: "34/1 36/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "58/1 22/1 0/1",
      },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#888" } })
    .png()
    .toBuffer();

export const webpOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#468" } })
    .webp()
    .toBuffer();

export const avifOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#864" } })
    .avif({ effort: 0 })
    .toBuffer();

/**
 * A PNG that says it is 100,000 × 100,000 pixels (10 gigapixels): its header alone, with a tiny
 * compressed stream of zeros. Decoding it would need 30 GB.
 */
export function bombPng(side = 100_000): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buffer: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1024 * 1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#c33" } })
    .jpeg()
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

export const pdfFile = () =>
  Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body and its content-type header. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----opencall${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ""}`;
    const type = part.filename ? `\r\nContent-Type: ${part.contentType ?? "application/octet-stream"}` : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof part.value === "string" ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

export const photoUpload = (kind: string, file: Buffer, filename = "photo.jpg", contentType = "image/jpeg") =>
  multipart([
    { name: "kind", value: kind },
    { name: "file", value: file, filename, contentType },
  ]);

/** The tags of a JPEG's EXIF block (APP1), by IFD: {IFD0: [tag numbers], GPS: [...]}; undefined when none. */
export function exifTags(jpeg: Buffer): { ifd0: number[]; gps: number[] } | undefined {
  let at = 2;
  while (at + 4 < jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    const length = jpeg.readUInt16BE(at + 2);
    if (marker === 0xe1 && jpeg.toString("latin1", at + 4, at + 10) === "Exif\0\0") {
      const tiff = jpeg.subarray(at + 10, at + 2 + length);
      const little = tiff.toString("latin1", 0, 2) === "II";
      const u16 = (o: number) => (little ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
      const u32 = (o: number) => (little ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
      const readIfd = (offset: number) => {
        const count = u16(offset);
        return Array.from({ length: count }, (_, i) => ({ tag: u16(offset + 2 + i * 12), value: u32(offset + 2 + i * 12 + 8) }));
      };
      const ifd0 = readIfd(u32(4));
      const gpsPointer = ifd0.find((entry) => entry.tag === 0x8825);
      return { ifd0: ifd0.map((e) => e.tag), gps: gpsPointer ? readIfd(gpsPointer.value).map((e) => e.tag) : [] };
    }
    if (marker === 0xda) break; // start of scan: no more metadata segments
    at += 2 + length;
  }
  return undefined;
}

/** Every APP segment marker of a JPEG (0xE0 JFIF, 0xE1 EXIF/XMP, 0xED IPTC, 0xE2 ICC …). */
export function jpegAppMarkers(jpeg: Buffer): number[] {
  const markers: number[] = [];
  let at = 2;
  while (at + 4 < jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    if (marker === 0xda) break;
    if (marker >= 0xe0 && marker <= 0xef) markers.push(marker);
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  return markers;
}

/** The stores every photo API test runs on: files, and the S3 protocol. */
export const STORES = ["disk", "s3"] as const;

export function diskStorage(): StorageConfig {
  return { kind: "disk", dir: path.join(tmpdir(), `opencall-test-storage-${randomBytes(6).toString("hex")}`) };
}

/** A test app per store (files; s3rver started here), with the helpers the photo tests share. */
export function usePhotoApp(store: (typeof STORES)[number]) {
  const overrides: Partial<Config> = {};
  let s3: TestS3 | undefined;
  beforeAll(async () => {
    if (store === "s3") {
      s3 = await startS3();
      overrides.storage = s3.config;
    } else {
      overrides.storage = diskStorage();
    }
  });
  afterAll(async () => {
    await s3?.close();
  });
  const t = useTestApp(overrides);

  const upload = (eventId: string, kind: string, file: Buffer, filename?: string, type?: string) =>
    t.app.inject({ method: "POST", url: `/api/public/events/${eventId}/photos`, ...photoUpload(kind, file, filename, type) });

  async function uploadThree(eventId: string) {
    const ids: Record<string, string> = {};
    for (const kind of ["face", "profile", "full"]) {
      const res = await upload(eventId, kind, await phoneJpeg());
      if (res.statusCode !== 201) throw new Error(`upload failed: ${res.body}`);
      ids[kind] = res.json().photoId;
    }
    return ids as { face: string; profile: string; full: string };
  }

  const register = (eventId: string, body: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: `/api/public/events/${eventId}/registrations`, payload: body });

  async function storedFile(key: string): Promise<Buffer | undefined> {
    const object = await t.app.ctx.storage.get(key);
    if (!object) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  return { t, upload, uploadThree, register, storedFile, s3: () => s3 };
}

export const silentLog = { debug() {}, info() {}, warn() {}, error() {} };
