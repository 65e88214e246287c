/**
 * The agency's identity (issue 32, ADR 019): GET /api/public/agency answers it to anyone (the public
 * pages, the PDF sheet), PUT /api/settings/agency changes it (the superadmin's screen, the same schema).
 */
import { z } from "zod";
import { t } from "../i18n";
import { CONTROL_CHARACTERS_MESSAGE, isOneLineText } from "../text";

export const AGENCY_NAME_MAX = 80;
/** The logo as uploaded, decoded: larger files are refused before any decoding. */
export const AGENCY_LOGO_MAX_BYTES = 1024 * 1024;
export const AGENCY_LOGO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

const DATA_URL = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/]+={0,2})$/;

/** A data URL's type and bytes, or null when it is not a base64 PNG, JPEG or WebP data URL. */
export function parseLogoDataUrl(value: string): { type: string; bytes: number; base64: string } | null {
  const match = DATA_URL.exec(value);
  if (!match) return null;
  const base64 = match[2]!;
  return { type: match[1]!, base64, bytes: Math.floor((base64.length * 3) / 4) - (base64.match(/=+$/)?.[0].length ?? 0) };
}

export const agencySchema = z.object({
  name: z
    .string({ error: () => t("dashboard.agency.errors.nameRequired") })
    .trim()
    .min(1, { error: () => t("dashboard.agency.errors.nameRequired") })
    .max(AGENCY_NAME_MAX, { error: () => t("dashboard.agency.errors.nameTooLong", { max: AGENCY_NAME_MAX }) })
    .refine(isOneLineText, { error: CONTROL_CHARACTERS_MESSAGE }),
  contactEmail: z
    .string({ error: () => t("dashboard.agency.errors.contactEmail") })
    .trim()
    .toLowerCase()
    .max(254, { error: () => t("dashboard.agency.errors.contactEmail") })
    .pipe(z.email({ error: () => t("dashboard.agency.errors.contactEmail") })),
  /** An http(s) address; "" or null: none. */
  website: z
    .union([z.literal(""), z.null(), z.url({ protocol: /^https?$/, error: () => t("dashboard.agency.errors.website") })])
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || value.length <= 300, { error: () => t("dashboard.agency.errors.website") }),
  /**
   * A data URL (PNG, JPEG or WebP, at most 1 MB) to replace the logo, null to remove it; left out,
   * the logo stays as it is.
   */
  logo: z
    .string()
    .refine((value) => parseLogoDataUrl(value) !== null, { error: () => t("dashboard.agency.errors.logoType"), abort: true })
    .refine((value) => parseLogoDataUrl(value)!.bytes <= AGENCY_LOGO_MAX_BYTES, {
      error: () => t("dashboard.agency.errors.logoTooLarge"),
    })
    .nullable()
    .optional(),
});
export type AgencyInput = z.input<typeof agencySchema>;
export type AgencyValues = z.output<typeof agencySchema>;

export const agencyResponse = z.object({
  name: z.string(),
  contactEmail: z.string(),
  website: z.string().nullable(),
  /** The logo's address (`/api/public/agency/logo/<sha>.png`, cached for good), null without one. */
  logoUrl: z.string().nullable(),
});
export type Agency = z.infer<typeof agencyResponse>;
