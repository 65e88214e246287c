/**
 * The preview images a shared link shows (Open Graph / Twitter cards): 1200×630 PNGs drawn as SVG
 * and rasterised by sharp (librsvg, with the DejaVu fonts Debian installs; fontconfig finds them).
 * Made on the server and kept in memory, keyed by everything they show.
 */
import sharp from "sharp";

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** The product's look in the light theme (src/web/theme.css): violet primary on a pale background. */
const COLORS = {
  background: "#faf8fc",
  foreground: "#1d1a26",
  muted: "#5f5a6b",
  primary: "#6d31d6",
  primaryForeground: "#fdfdfd",
  band: "#efe8fb",
};
const FONT = "DejaVu Sans, Liberation Sans, sans-serif";

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

/**
 * Splits `text` into at most `maxLines` lines of about `perLine` characters (DejaVu Sans has no
 * metrics here; its glyphs average ~0.6 em), the last one ending in '…' when the text is longer.
 */
export function wrapText(text: string, perLine: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= perLine) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word.length > perLine ? `${word.slice(0, perLine - 1)}…` : word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1] ?? "";
  kept[maxLines - 1] = `${last.length >= perLine ? last.slice(0, perLine - 1) : last}…`;
  return kept;
}

/** The product's mark (src/web/components/logo.tsx) and name, top left. */
function brand(siteName: string): string {
  return `
  <g transform="translate(80 64)">
    <rect width="64" height="64" rx="14" fill="${COLORS.primary}"/>
    <circle cx="32" cy="32" r="15" fill="none" stroke="${COLORS.primaryForeground}" stroke-width="6"/>
    <circle cx="32" cy="32" r="4" fill="${COLORS.primaryForeground}"/>
    <text x="84" y="46" font-family="${FONT}" font-weight="bold" font-size="40" fill="${COLORS.foreground}">${escapeXml(siteName)}</text>
  </g>`;
}

function frame(body: string, siteName: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
  <rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${COLORS.background}"/>
  <circle cx="1130" cy="-40" r="330" fill="${COLORS.band}"/>
  <rect y="${CARD_HEIGHT - 16}" width="${CARD_WIDTH}" height="16" fill="${COLORS.primary}"/>
  ${brand(siteName)}
  ${body}
</svg>`;
}

export interface EventCard {
  siteName: string;
  eyebrow: string;
  eventName: string;
  /** The date as the reader reads it (formatDateFor). */
  date: string;
  place: string;
  cta: string;
}

export function eventCardSvg(card: EventCard): string {
  const title = wrapText(card.eventName, 28, 3);
  const titleTop = 250;
  const lineHeight = 74;
  const titleSvg = title.map((line, i) => `<tspan x="80" y="${titleTop + i * lineHeight}">${escapeXml(line)}</tspan>`).join("");
  const detailsTop = titleTop + (title.length - 1) * lineHeight + 84;
  const place = wrapText(card.place, 44, 1)[0] ?? "";
  return frame(
    `
  <text x="80" y="188" font-family="${FONT}" font-weight="bold" font-size="28" letter-spacing="2" fill="${COLORS.primary}">${escapeXml(card.eyebrow.toUpperCase())}</text>
  <text font-family="${FONT}" font-weight="bold" font-size="62" fill="${COLORS.foreground}">${titleSvg}</text>
  <text x="80" y="${detailsTop}" font-family="${FONT}" font-size="34" fill="${COLORS.muted}">${escapeXml(card.date)}  ·  ${escapeXml(place)}</text>
  <g transform="translate(80 ${CARD_HEIGHT - 112})">
    <rect width="${Math.round(card.cta.length * 16.5 + 64)}" height="60" rx="12" fill="${COLORS.primary}"/>
    <text x="32" y="40" font-family="${FONT}" font-weight="bold" font-size="30" fill="${COLORS.primaryForeground}">${escapeXml(card.cta)}</text>
  </g>`,
    card.siteName,
  );
}

export interface ProductCard {
  siteName: string;
  title: string;
  body: string;
}

export function productCardSvg(card: ProductCard): string {
  const title = wrapText(card.title, 28, 3);
  const titleSvg = title.map((line, i) => `<tspan x="80" y="${250 + i * 74}">${escapeXml(line)}</tspan>`).join("");
  const body = wrapText(card.body, 52, 2);
  const bodyTop = 250 + (title.length - 1) * 74 + 80;
  const bodySvg = body.map((line, i) => `<tspan x="80" y="${bodyTop + i * 46}">${escapeXml(line)}</tspan>`).join("");
  return frame(
    `
  <text font-family="${FONT}" font-weight="bold" font-size="62" fill="${COLORS.foreground}">${titleSvg}</text>
  <text font-family="${FONT}" font-size="34" fill="${COLORS.muted}">${bodySvg}</text>`,
    card.siteName,
  );
}

/**
 * The home-screen icon phones ask for (`apple-touch-icon`, 180×180): the product's mark, full bleed
 * (the phone rounds the corners itself).
 */
export function touchIconSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="180" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="${COLORS.primary}"/>
  <circle cx="32" cy="32" r="15" fill="none" stroke="${COLORS.primaryForeground}" stroke-width="6"/>
  <circle cx="32" cy="32" r="4" fill="${COLORS.primaryForeground}"/>
</svg>`;
}

/** SVG → PNG (palette-free, compressed: a card is ~40 KB). */
export function rasterise(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
