/**
 * A photo as a client sees it (issue 36): made smaller for a screen and marked, over its pixels, with
 * the agency's and the client's names, so a screenshot or a forwarded copy says where it came from
 * and for whom. The mark is a dark band along the bottom with the names, and the names again across
 * the middle; the band alone shows even where the machine has no fonts. Nothing of the stored file
 * reaches the client: the JPEG is encoded anew, without metadata.
 */
import sharp from "sharp";

/** A client's large photo: a phone's or a laptop's screen, well short of the stored 2,000 px. */
export const CLIENT_PHOTO_SIDE = 1200;

/** What the mark says: the agency's name, and a line naming the agency and the client. */
export interface WatermarkText {
  agency: string;
  line: string;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** The mark for an image of this size, as an SVG of the same size. */
export function watermarkSvg(width: number, height: number, mark: WatermarkText): Buffer {
  const band = Math.max(18, Math.round(Math.min(width, height) * 0.08));
  const small = Math.round(band * 0.45);
  // Across the middle, the line fits the width whatever the names' length (a glyph is about 0.62 em).
  const large = Math.max(12, Math.round(Math.min(width / 14, (width * 1.05) / (mark.line.length * 0.62))));
  const text = escapeXml(mark.line);
  const agency = escapeXml(mark.agency);
  const font = `font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-weight="700"`;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <g transform="rotate(-30 ${width / 2} ${height / 2})" ${font} font-size="${large}" text-anchor="middle"
     fill="#ffffff" fill-opacity="0.38" stroke="#000000" stroke-opacity="0.28" stroke-width="${Math.max(1, large / 24)}">
    <text x="${width / 2}" y="${height / 2 - large * 1.4}">${agency}</text>
    <text x="${width / 2}" y="${height / 2 + large * 0.35}">${text}</text>
    <text x="${width / 2}" y="${height / 2 + large * 2.1}">${agency}</text>
  </g>
  <rect x="0" y="${height - band}" width="${width}" height="${band}" fill="#000000" fill-opacity="0.55"/>
  <text x="${width / 2}" y="${height - band / 2}" dominant-baseline="central" text-anchor="middle" ${font}
        font-size="${small}" fill="#ffffff">${text}</text>
</svg>`);
}

/** The stored JPEG made at most `side` pixels on its longest side, marked with the names. */
export async function watermarked(stored: Buffer, side: number, mark: WatermarkText): Promise<Buffer> {
  const { data, info } = await sharp(stored, { failOn: "truncated" })
    .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .composite([{ input: watermarkSvg(info.width, info.height, mark) }])
    .jpeg({ quality: 80 })
    .toBuffer();
}
