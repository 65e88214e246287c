/**
 * API tokens (issue 37): an admin gives a script or another system some of their own capabilities.
 * POST /api/tokens takes `createTokenSchema` and answers the token once; GET /api/tokens lists them
 * without it. A token calls the same /api routes with `Authorization: Bearer <token>`.
 */
import { z } from "zod";
import { t } from "../i18n";
import { CAPABILITY_NAMES, type Capability } from "../permissions";
import { CONTROL_CHARACTERS_MESSAGE, isOneLineText } from "../text";

export const TOKEN_NAME_MAX = 80;
/** Every token starts so: a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = "oc_";
/** Managed from a session only: a token never makes another token, nor registers a webhook. */
export const SESSION_ONLY_CAPABILITIES: readonly Capability[] = ["tokens.manage", "webhooks.manage"];
/** What a token may hold: any capability but the session-only ones. */
export const TOKEN_CAPABILITIES = CAPABILITY_NAMES.filter((name) => !SESSION_ONLY_CAPABILITIES.includes(name));

export const createTokenSchema = z.object({
  name: z
    .string({ error: () => t("integrations.errors.nameRequired") })
    .trim()
    .min(1, { error: () => t("integrations.errors.nameRequired") })
    .max(TOKEN_NAME_MAX, { error: () => t("integrations.errors.nameTooLong", { max: TOKEN_NAME_MAX }) })
    .refine(isOneLineText, { error: CONTROL_CHARACTERS_MESSAGE }),
  permissions: z
    .array(z.enum(TOKEN_CAPABILITIES as [Capability, ...Capability[]]), {
      error: () => t("integrations.errors.permissionsRequired"),
    })
    .min(1, { error: () => t("integrations.errors.permissionsRequired") })
    .transform((names) => [...new Set(names)]),
  /** When it stops working (an instant with its offset); absent or null: never. */
  expiresAt: z.iso.datetime({ offset: true, error: () => t("integrations.errors.expiryInvalid") }).nullish(),
});

export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  permissions: z.array(z.string()),
  expiresAt: z.string().nullable(),
  /** The last call made with it (to the minute); null: never used. */
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Who made it: the token acts for that account (and goes with it), holding only what the account still may. */
  createdBy: z.object({ id: z.string(), name: z.string() }),
});

/** POST /api/tokens' reply: the token itself, shown this once. */
export const createdTokenSchema = apiTokenSchema.extend({ token: z.string() });
export const tokenListSchema = z.object({ items: z.array(apiTokenSchema) });

export type CreateTokenInput = z.input<typeof createTokenSchema>;
export type ApiToken = z.infer<typeof apiTokenSchema>;
export type CreatedToken = z.infer<typeof createdTokenSchema>;
