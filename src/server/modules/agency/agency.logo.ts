/**
 * The agency's logo: an uploaded PNG, JPEG or WebP (a data URL of at most 1 MB), decoded and
 * encoded again with sharp as a PNG of at most 512 px a side, so what is stored and served is
 * always a small, well-formed image whatever was sent.
 */
import { createHash } from "node:crypto";
import { parseLogoDataUrl } from "@common/schemas/agency";
import sharp from "sharp";
import { errors } from "../../errors";
import { t } from "@common/i18n";

export const LOGO_MAX_SIDE = 512;
const MAX_INPUT_PIXELS = 40_000_000;

export async function encodeLogo(dataUrl: string): Promise<{ png: string; sha: string }> {
  const parsed = parseLogoDataUrl(dataUrl);
  const unreadable = () => errors.validation({ logo: t("dashboard.agency.errors.logoUnreadable") });
  if (!parsed) throw unreadable();
  let png: Buffer;
  try {
    const input = Buffer.from(parsed.base64, "base64");
    const { format } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (`image/${format}` !== parsed.type) throw new Error(`declared ${parsed.type}, is ${format}`);
    png = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" })
      .rotate()
      .resize({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw unreadable();
  }
  return { png: png.toString("base64"), sha: createHash("sha256").update(png).digest("hex") };
}
