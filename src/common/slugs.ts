/**
 * Short readable addresses (issue 32): an event's `/e/<slug>`, and later a tracked link's
 * `/e/<event slug>/<link slug>`. A slug is lower-case ASCII letters and digits in groups joined by
 * single hyphens, at most SLUG_MAX_LENGTH characters: what a person can read off a poster and type.
 */

export const SLUG_MAX_LENGTH = 60;

/** Letters and digits, groups joined by one hyphen: no hyphen first, last or doubled. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What a name with nothing to keep (only symbols, another script) becomes. */
export const FALLBACK_SLUG = "evento";

export function isSlug(value: string): boolean {
  return value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}

/** Letters that decomposition (NFKD) does not take apart into a Latin letter and its marks. */
const FOLDED: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

/** Cut to `max` characters, never ending on a hyphen. */
function cut(slug: string, max: number): string {
  return slug.slice(0, max).replace(/-+$/, "");
}

/** Cut to `max` characters after a whole word (mid-word only when the first word alone is longer). */
function cutAtWord(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  const head = slug.slice(0, max + 1);
  const end = head.lastIndexOf("-");
  return end > 0 ? head.slice(0, end) : cut(slug, max);
}

/**
 * The slug of a name: accents folded ("Casting Córdoba 2027" → `casting-cordoba-2027`), every run
 * of other characters one hyphen, cut after a whole word within SLUG_MAX_LENGTH; FALLBACK_SLUG when
 * nothing is left. (The migration event_slug wrote the same rule in SQL for the events before it.)
 */
export function slugify(text: string, max = SLUG_MAX_LENGTH): string {
  const folded = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[ßæœøłđðþı]/g, (c) => FOLDED[c] ?? c);
  const slug = cutAtWord(folded.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, ""), max);
  return slug || FALLBACK_SLUG;
}

/**
 * The n-th candidate for a taken slug: `base` itself for n = 1, then `base-2`, `base-3`… with the
 * base cut so that the whole stays within SLUG_MAX_LENGTH.
 */
export function slugCandidate(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${cut(base, SLUG_MAX_LENGTH - suffix.length)}${suffix}`;
}
