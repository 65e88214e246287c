/** A rendered public page's head: title, description, and the share tags of the pages shared. */
import type { Language } from "@common/i18n";
import { CARD_HEIGHT, CARD_WIDTH } from "./share.card";

const escapeHtml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

export interface Head {
  title: string;
  description: string;
  /** Open Graph and Twitter tags: active events and the landing only. */
  share?: { title: string; description: string; image: string; imageAlt: string; url: string };
  noindex?: boolean;
}

/** `title` is the page's; the agency's name follows it (issue 32), except on the product's own pages. */
export function headHtml(head: Head, language: Language, siteName: string, title: string): string {
  const tags = [`<title>${escapeHtml(title)}</title>`, `<meta name="description" content="${escapeHtml(head.description)}" />`];
  if (head.noindex) tags.push(`<meta name="robots" content="noindex" />`);
  if (head.share) {
    const s = head.share;
    const meta = (attribute: "property" | "name", key: string, value: string | number) =>
      `<meta ${attribute}="${key}" content="${escapeHtml(String(value))}" />`;
    tags.push(
      meta("property", "og:type", "website"),
      meta("property", "og:site_name", siteName),
      meta("property", "og:locale", language === "en" ? "en_US" : "es_AR"),
      meta("property", "og:title", s.title),
      meta("property", "og:description", s.description),
      meta("property", "og:url", s.url),
      meta("property", "og:image", s.image),
      meta("property", "og:image:type", "image/png"),
      meta("property", "og:image:width", CARD_WIDTH),
      meta("property", "og:image:height", CARD_HEIGHT),
      meta("property", "og:image:alt", s.imageAlt),
      meta("name", "twitter:card", "summary_large_image"),
      meta("name", "twitter:title", s.title),
      meta("name", "twitter:description", s.description),
      meta("name", "twitter:image", s.image),
      meta("name", "twitter:image:alt", s.imageAlt),
      `<link rel="canonical" href="${escapeHtml(s.url)}" />`,
    );
  }
  return tags.join("\n    ");
}
