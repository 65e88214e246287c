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
