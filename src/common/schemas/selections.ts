/**
 * Selections for a client (issue 36; docs/api.md "Selections for clients"): an admin builds a named,
 * ordered list of registrants who agreed to be shown to clients, and shares it through links that
 * expire (at most SHARE_MAX_DAYS), may ask a password, and are revoked at once. The client, with no
 * account, sees `clientSelectionSchema` — photos, first name, age, height, measurements, city, and
 * nothing else — and marks favourites and notes, which staff see in `selectionSchema`.
 */
import { z } from "zod";
import { t } from "../i18n";
import { PHOTO_KINDS } from "../photos";
import { CONTROL_CHARACTERS_MESSAGE, isMultiLineText, isOneLineText } from "../text";

export const SELECTION_NAME_MAX = 120;
export const CLIENT_NAME_MAX = 80;
/** People in one selection: a client's shortlist, not an event's list. */
export const SELECTION_MEMBERS_MAX = 200;
/** A link lives at most this long: a client's review, not a standing catalogue. */
export const SHARE_MAX_DAYS = 30;
export const SHARE_PASSWORD_MIN = 6;
export const SHARE_PASSWORD_MAX = 200;
export const SELECTION_NOTE_MAX = 1000;
/** How often the staff's selection screen asks for the client's picks again ("live"). */
export const PICKS_REFRESH_MS = 5000;

const oneLine = (required: () => string, tooLong: () => string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong })
    .refine(isOneLineText, { error: CONTROL_CHARACTERS_MESSAGE });

const selectionName = oneLine(
  () => t("selections.errors.nameRequired"),
  () => t("selections.errors.nameTooLong", { max: SELECTION_NAME_MAX }),
  SELECTION_NAME_MAX,
);

// ---------------------------------------------------------------- staff

/** POST /api/selections, PATCH /api/selections/:id. */
export const selectionNameSchema = z.object({ name: selectionName });
export type SelectionNameInput = z.input<typeof selectionNameSchema>;

/** PUT /api/selections/:id/members: the whole list, in the order the client sees it (a repeat counts once). */
export const selectionMembersSchema = z.object({
  registrationIds: z
    .array(z.uuid({ error: () => t("selections.errors.registrationIds") }), {
      error: () => t("selections.errors.registrationIds"),
    })
    .max(SELECTION_MEMBERS_MAX, { error: () => t("selections.errors.tooMany", { max: SELECTION_MEMBERS_MAX }) })
    .transform((ids) => [...new Set(ids)]),
});
export type SelectionMembersInput = z.input<typeof selectionMembersSchema>;

/** POST /api/selections/:id/shares. `expiresAt` an instant with its offset, in the future, within SHARE_MAX_DAYS. */
export const createShareSchema = z.object({
  clientName: oneLine(
    () => t("selections.errors.clientNameRequired"),
    () => t("selections.errors.clientNameTooLong", { max: CLIENT_NAME_MAX }),
    CLIENT_NAME_MAX,
  ),
  clientEmail: z
    .union([
      z.literal(""),
      z
        .string()
        .trim()
        .toLowerCase()
        .max(254, { error: () => t("selections.errors.clientEmail") })
        .pipe(z.email({ error: () => t("selections.errors.clientEmail") })),
    ])
    .nullish()
    .transform((value) => value || null),
  expiresAt: z.iso.datetime({ offset: true, error: () => t("selections.errors.expiryInvalid") }),
  /** Absent or "": the link alone opens it. */
  password: z
    .union([
      z.literal(""),
      z
        .string()
        .min(SHARE_PASSWORD_MIN, { error: () => t("selections.errors.passwordTooShort", { min: SHARE_PASSWORD_MIN }) })
        .max(SHARE_PASSWORD_MAX, { error: () => t("selections.errors.passwordTooLong", { max: SHARE_PASSWORD_MAX }) }),
    ])
    .nullish()
    .transform((value) => value || null),
});
export type CreateShareInput = z.input<typeof createShareSchema>;

/** The link, answered this once: its token is kept only as its hash. */
export const createdShareSchema = z.object({ id: z.uuid(), url: z.string() });
export type CreatedShare = z.infer<typeof createdShareSchema>;

const photoRef = z.object({ kind: z.enum(PHOTO_KINDS), id: z.string() });

/** A person of the selection as staff see them (photos as the caller may see them). */
export const selectionMemberSchema = z.object({
  /** The member's own id: what the client's picks name. */
  id: z.uuid(),
  registrationId: z.uuid(),
  position: z.number().int(),
  fullName: z.string(),
  registrationCode: z.string(),
  eventId: z.uuid(),
  eventName: z.string(),
  age: z.number().int().nullable(),
  location: z.string(),
  photos: z.array(photoRef),
});
export type SelectionMember = z.infer<typeof selectionMemberSchema>;

export const SHARE_STATES = ["active", "expired", "revoked"] as const;
export type ShareState = (typeof SHARE_STATES)[number];

export const selectionPickSchema = z.object({
  memberId: z.uuid(),
  favourite: z.boolean(),
  note: z.string().nullable(),
  updatedAt: z.string(),
});
export type SelectionPick = z.infer<typeof selectionPickSchema>;

export const selectionShareSchema = z.object({
  id: z.uuid(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
  expiresAt: z.string(),
  hasPassword: z.boolean(),
  state: z.enum(SHARE_STATES),
  revokedAt: z.string().nullable(),
  /** The client's last opening of the selection; null: never opened. */
  lastOpenedAt: z.string().nullable(),
  createdAt: z.string(),
  /** What the client marked through this link: favourites and notes, per member. */
  picks: z.array(selectionPickSchema),
});
export type SelectionShare = z.infer<typeof selectionShareSchema>;

export const selectionSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  memberCount: z.number().int(),
  /** Links that open now (neither expired nor revoked). */
  activeShareCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type SelectionSummary = z.infer<typeof selectionSummarySchema>;
export const selectionListSchema = z.object({ items: z.array(selectionSummarySchema) });
export type SelectionList = z.infer<typeof selectionListSchema>;

export const selectionSchema = selectionSummarySchema.extend({
  members: z.array(selectionMemberSchema),
  shares: z.array(selectionShareSchema),
});
export type Selection = z.infer<typeof selectionSchema>;

// ---------------------------------------------------------------- the client (no account)

/** POST /api/public/shares/:token/unlock. */
export const shareUnlockSchema = z.object({ password: z.string().max(SHARE_PASSWORD_MAX) });

/** PUT /api/public/shares/:token/members/:memberId: what is absent stays as it was. */
export const clientPickSchema = z.object({
  favourite: z.boolean().optional(),
  note: z
    .string()
    .max(SELECTION_NOTE_MAX, { error: () => t("selections.errors.noteTooLong", { max: SELECTION_NOTE_MAX }) })
    .refine(isMultiLineText, { error: CONTROL_CHARACTERS_MESSAGE })
    .nullish(),
});
export type ClientPickInput = z.input<typeof clientPickSchema>;

export const clientPickResponse = z.object({ memberId: z.uuid(), favourite: z.boolean(), note: z.string().nullable() });
export type ClientPick = z.infer<typeof clientPickResponse>;

/** A photo as the client reaches it: under the link, watermarked, never the stored file. */
export const clientPhotoSchema = z.object({
  id: z.uuid(),
  kind: z.enum(PHOTO_KINDS),
  url: z.string(),
  thumbUrl: z.string(),
});

/** A person as the client sees them: no surname, contacts, birth date, guardian, notes or scores. */
export const clientMemberSchema = z.object({
  /** The member's id: opaque, it names no registration. */
  id: z.uuid(),
  firstName: z.string(),
  age: z.number().int().nullable(),
  height: z.number().int(),
  bust: z.number().int().nullable(),
  waist: z.number().int().nullable(),
  hips: z.number().int().nullable(),
  location: z.string(),
  photos: z.array(clientPhotoSchema),
  favourite: z.boolean(),
  note: z.string().nullable(),
});
export type ClientMember = z.infer<typeof clientMemberSchema>;

export const clientSelectionSchema = z.object({
  agency: z.object({ name: z.string() }),
  name: z.string(),
  clientName: z.string(),
  expiresAt: z.string(),
  members: z.array(clientMemberSchema),
});
export type ClientSelection = z.infer<typeof clientSelectionSchema>;

/** The client's page: `/shared/<token>`; the API's routes for it sit under `/api/public/shares/<token>`. */
export const sharePagePath = (token: string) => `/shared/${encodeURIComponent(token)}`;
export const shareApiPath = (token: string) => `/api/public/shares/${encodeURIComponent(token)}`;
