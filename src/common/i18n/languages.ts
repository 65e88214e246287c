/**
 * The product's languages: es-AR (the default, docs/product.md's texts) and English. A language is chosen
 * by a staff member in their account, by a visitor with the public pages' switch, or else taken
 * from the browser (Accept-Language, navigator.languages).
 */
export const LANGUAGES = ["es-AR", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "es-AR";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The product's language for one BCP 47 tag: any Spanish is es-AR, any English is en. */
export function languageOfTag(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === "es") return "es-AR";
  if (primary === "en") return "en";
  return null;
}

/** The first product language among the browser's, in its order of preference. */
export function preferredLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * An Accept-Language header's tags by quality (RFC 9110 §12.5.4), ignoring malformed entries and
 * q=0 ("not acceptable").
 */
export function acceptedTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag !== "" && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}
