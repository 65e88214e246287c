/**
 * Placeholders of a batch e-mail's subject and message, filled for each recipient
 * ({nombre}, {codigo}, {evento}, {fecha}, {horario}).
 */
export const CAMPAIGN_PLACEHOLDERS = ["nombre", "codigo", "evento", "fecha", "horario"] as const;
export type CampaignPlaceholder = (typeof CAMPAIGN_PLACEHOLDERS)[number];
export type PlaceholderValues = Record<CampaignPlaceholder, string>;

const PATTERN = new RegExp(`\\{(${CAMPAIGN_PLACEHOLDERS.join("|")})\\}`, "gi");

/**
 * Replaces every known placeholder (case-insensitive) with its value passed through `encode`
 * (e.g. HTML escaping for an HTML message). Unknown braces are left as they are.
 */
export function fillPlaceholders(
  template: string,
  values: PlaceholderValues,
  encode: (value: string) => string = (value) => value,
): string {
  return template.replace(PATTERN, (_match, name: string) => encode(values[name.toLowerCase() as CampaignPlaceholder]));
}

// A word between braces, spaces allowed inside: what someone typing a placeholder writes. CSS
// (`p { margin: 0 }`) and JSON-like text are not single words, and are left alone.
const CANDIDATE = /\{\s*[\p{L}_][\p{L}\p{N}_-]*\s*\}/gu;
const KNOWN = new RegExp(`^\\{(${CAMPAIGN_PLACEHOLDERS.join("|")})\\}$`, "i");

/**
 * The placeholders of `texts` that are not filled (`{Agencia}`, `{ nombre }`), as written, each
 * once, in order of appearance: they would be sent as they are (issue 32).
 */
export function unknownPlaceholders(...texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    for (const [match] of text.matchAll(CANDIDATE)) if (!KNOWN.test(match)) found.add(match);
  }
  return [...found];
}

/** The placeholders a message may use, as written in it: "{nombre}, {codigo}, …". */
export const PLACEHOLDER_LIST = CAMPAIGN_PLACEHOLDERS.map((name) => `{${name}}`).join(", ");
