/**
 * Requests and forms of staff accounts, shared by the React forms and the server.
 * Staff "sign-up" (an account) is not a model's "registration" (for an event).
 */
import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PROFILE_STATUSES } from "../constants";
import { CAPABILITY_NAMES, ROLES, type Capability } from "../permissions";
import { CONTROL_CHARACTERS_MESSAGE, isOneLineText } from "../text";
import { t } from "../i18n";
import { LANGUAGES } from "../i18n/languages";

export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: () => t("accounts.validation.email") }));

const requiredEmail = z
  .string()
  .trim()
  .min(1, { error: () => t("accounts.validation.emailRequired") })
  .toLowerCase()
  .pipe(z.email({ error: () => t("accounts.validation.email") }));

export const newPasswordField = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { error: () => t("accounts.validation.passwordMin", { min: MIN_PASSWORD_LENGTH }) })
  .max(MAX_PASSWORD_LENGTH, { error: () => t("accounts.validation.passwordMax", { max: MAX_PASSWORD_LENGTH }) });

/** Login (docs/product.md §5): e-mail and password are required; no other rule is told at sign-in. */
export const signInSchema = z.object({
  email: requiredEmail,
  password: z
    .string()
    .min(1, { error: () => t("accounts.validation.passwordRequired") })
    .max(MAX_PASSWORD_LENGTH),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const fullNameField = z
  .string()
  .trim()
  .min(1, { error: () => t("accounts.validation.fullNameRequired") })
  .max(120, { error: () => t("accounts.validation.fullNameMax") })
  .refine(isOneLineText, { error: CONTROL_CHARACTERS_MESSAGE });

/** The /register form. */
export const signUpFormSchema = z
  .object({
    fullName: fullNameField,
    email: requiredEmail,
    password: newPasswordField,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    error: () => t("accounts.validation.passwordsDiffer"),
  });
export type SignUpFormInput = z.input<typeof signUpFormSchema>;

/** What the server accepts at POST /api/auth/sign-up/email (better-auth's body, checked first). */
export const signUpRequestSchema = z.strictObject({
  name: fullNameField,
  email: requiredEmail,
  password: newPasswordField,
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/** POST /api/auth/unlock-sign-in: the token of an e-mailed unlock link. */
export const unlockRequestSchema = z.strictObject({ token: z.string().regex(/^[\w-]{20,100}$/) });
export const unlockResponseSchema = z.object({ unlocked: z.literal(true) });

export const forgotPasswordSchema = z.object({ email: requiredEmail });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordFormSchema = z
  .object({ password: newPasswordField, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    error: () => t("accounts.validation.passwordsDiffer"),
  });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

/** POST /api/users/admins. The agency-domain rule needs the configuration: see isAgencyEmail. */
export const createAdminSchema = z.object({ email: requiredEmail });
export type CreateAdminInput = z.infer<typeof createAdminSchema>;

/** docs/product.md §5: only addresses of the agency's own domain may be made admin (no subdomains). */
export function isAgencyEmail(email: string, domain: string): boolean {
  const at = email.lastIndexOf("@");
  return at > 0 && email.slice(at + 1).toLowerCase() === domain.toLowerCase();
}

export const passwordConfirmSchema = z.object({
  password: z.string().min(1, { error: () => t("accounts.validation.passwordRequired") }),
});
export type PasswordConfirmInput = z.infer<typeof passwordConfirmSchema>;

export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: () => t("accounts.validation.totpCode") }),
});
export type TotpCodeInput = z.infer<typeof totpCodeSchema>;

export const backupCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, { error: () => t("accounts.validation.backupCode") })
    .max(64),
});
export type BackupCodeInput = z.infer<typeof backupCodeSchema>;

export const userIdParams = z.object({ id: z.string().min(1).max(100) });

/** PUT /api/account/language: the language the account's screens and e-mails use. */
export const accountLanguageSchema = z.strictObject({
  language: z.enum(LANGUAGES, { error: () => t("accounts.validation.language") }),
});
export type AccountLanguage = z.infer<typeof accountLanguageSchema>;

/** A profile as the Users screen shows it (docs/product.md §3 profiles). */
export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(ROLES),
  status: z.enum(PROFILE_STATUSES),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** PUT /api/users/:id/role: the role to give (issue 33; @common/permissions says who may give which). */
export const userRoleSchema = z.object({ role: z.enum(ROLES) });
export type UserRoleInput = z.infer<typeof userRoleSchema>;

// ---------------------------------------------------------------- replies

/** GET /api/session: the signed-in user (pending accounts too, so the client can say so). */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(ROLES),
  status: z.enum(PROFILE_STATUSES),
  /** The language saved in the account; null: the device's choice (or the browser's). */
  language: z.enum(LANGUAGES).nullable(),
  /** Whether the account signs in with a second factor. */
  twoFactorEnabled: z.boolean(),
  /** What the account may do (@common/permissions): none while pending. The web asks `can(…)`. */
  permissions: z.array(z.enum(CAPABILITY_NAMES as [Capability, ...Capability[]])),
  /**
   * A volunteer's door pass (issue 35): the phone acts at this event only, holding DOOR_PASS_CAPABILITIES;
   * `fullName` is then the pass's name and `email` empty (the maker's account is not shown). Null for an account.
   */
  pass: z
    .object({
      id: z.uuid(),
      name: z.string(),
      expiresAt: z.iso.datetime({ offset: true }),
      event: z.object({ id: z.uuid(), eventName: z.string(), eventDate: z.string() }),
    })
    .nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
/** GET /api/session: the signed-in user, or `user: null` for an anonymous caller (200 either way). */
export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const usersListResponseSchema = z.object({ items: z.array(profileSchema) });
export const userResponseSchema = z.object({ user: profileSchema });

/** POST /api/users/admins: an existing account promoted (200), or an invitation sent (201). */
export const createAdminResponseSchema = z.object({ outcome: z.enum(["promoted", "invited"]), user: profileSchema });
export type CreateAdminResult = z.infer<typeof createAdminResponseSchema>;
