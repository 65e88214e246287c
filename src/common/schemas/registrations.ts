/**
 * The staff side of registrations: the list's query, the edit form (docs/product.md §5 "Edit registration
 * form"), the review fields (liked, attended, rating) and the shapes the API answers with.
 * One schema per request/form, used by the React form and by the Fastify route alike.
 */
import { PHOTO_KINDS } from "../photos";
import { z } from "zod";
import { GUARDIAN_STATUSES, PAGE_SIZES, RATING_MAX, RATING_MIN, REGISTRATION_STAGES, REGISTRATION_STATUSES } from "../constants";
import { registrationPrivacySchema } from "./privacy";
import { staffRegistrantReplyShape } from "../registrant/replies";
import { registrantShape } from "../registrant/schemas";
import { CONTROL_CHARACTERS_MESSAGE, isOneLineText } from "../text";
import { t } from "../i18n";
import { panelSummarySchema, relatedSummarySchema, tagSchema } from "./panel";

const booleanParam = z
  .enum(["true", "false"])
  .transform((value) => value === "true")
  .optional();

/** Filters shared by the list and the CSV export. */
export const registrationFiltersSchema = z.object({
  eventId: z.uuid().optional(),
  liked: booleanParam,
  attended: booleanParam,
  /** 'No vinieron' (issue 20): live registrations of a past event that never arrived. */
  noShow: booleanParam,
  rating: z.coerce.number().int().min(RATING_MIN).max(RATING_MAX).optional(),
  // PostgreSQL refuses a NUL in a text: a search holding one would fail the query, not find nothing.
  q: z.string().trim().max(200).refine(isOneLineText, { error: CONTROL_CHARACTERS_MESSAGE }).optional(),
  // The panel (issue 23): a stage, a tag, a lowest panel average, and 'not yet scored by me'.
  stage: z.enum(REGISTRATION_STAGES).optional(),
  tag: z.uuid().optional(),
  panelMin: z.coerce.number().min(RATING_MIN).max(RATING_MAX).optional(),
  unscoredByMe: booleanParam,
  /** 'pending': the minors whose guardian has not approved yet ('Falta autorización', issue 18). */
  guardianStatus: z.enum(GUARDIAN_STATUSES).optional(),
  /** Leaves out the cancelled registrations and those whose e-mail is not verified (issue 32). */
  hideUnconfirmed: booleanParam,
});
export type RegistrationFilters = z.output<typeof registrationFiltersSchema>;

export const registrationListQuerySchema = registrationFiltersSchema.extend({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: `one of ${PAGE_SIZES.join(", ")}` })
    .default(PAGE_SIZES[0]),
  /** Newest first (the default), or the panel's best average first (unscored last). */
  sort: z.enum(["recent", "panel"]).default("recent"),
});
export type RegistrationListQuery = z.output<typeof registrationListQuerySchema>;

/** A selection is at most a page (100 rows); the cap keeps the query string and the IN list small. */
export const MAX_EXPORT_IDS = 500;

export const registrationExportQuerySchema = registrationFiltersSchema.extend({
  /** Comma-separated registration ids: export exactly these (the admin's selection). */
  ids: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(",").filter(Boolean) : undefined))
    .pipe(z.array(z.uuid()).min(1).max(MAX_EXPORT_IDS).optional()),
});
export type RegistrationExportQuery = z.output<typeof registrationExportQuerySchema>;

// ---------------------------------------------------------------- edit form

/** The edit form (docs/product.md §5 "Edit registration form"): the registrant's fields as staff edit them. */
export const registrationEditSchema = z.object({
  ...registrantShape("edit"),
  timeslotId: z.uuid({ error: () => t("public.errors.noTimeslot") }),
});
export type RegistrationEditInput = z.input<typeof registrationEditSchema>;
export type RegistrationEdit = z.output<typeof registrationEditSchema>;

/** Liked, attended and rating: admins only (docs/product.md §6). A null rating clears it. */
export const registrationReviewSchema = z.object({
  liked: z.boolean().optional(),
  attended: z.boolean().optional(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX).nullable().optional(),
});
export type RegistrationReview = z.output<typeof registrationReviewSchema>;

export const REVIEW_FIELDS = ["liked", "attended", "rating"] as const;

/** PATCH /api/registrations/:id: any edit fields and/or review fields; at least one. */
export const registrationPatchSchema = registrationEditSchema
  .partial()
  .extend(registrationReviewSchema.shape)
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: "Nothing to change" });
export type RegistrationPatch = z.output<typeof registrationPatchSchema>;

// ---------------------------------------------------------------- responses

export const registrationSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  timeslotId: z.uuid(),
  ...staffRegistrantReplyShape(),
  age: z.number().int(),
  status: z.enum(REGISTRATION_STATUSES),
  emailVerified: z.boolean(),
  emailVerifiedAt: z.string().nullable(),
  registrationCode: z.string(),
  createdAt: z.string(),
  liked: z.boolean(),
  attended: z.boolean(),
  rating: z.number().int().nullable(),
  stage: z.enum(REGISTRATION_STAGES),
  /** A minor's guardian's decision (issue 18): 'pending' shows 'Falta autorización'. */
  guardianStatus: z.enum(GUARDIAN_STATUSES).optional(),
});

export const registrationEventSchema = z.object({
  id: z.uuid(),
  eventName: z.string(),
  eventDate: z.string(),
  location: z.string(),
});

/** One of a registration's photos (issue 17): its kind, and its id, which changes when it is replaced. */
export const registrationPhotoSchema = z.object({ kind: z.enum(PHOTO_KINDS), id: z.uuid() });

export const registrationTimeslotSchema = z.object({
  id: z.uuid(),
  startTime: z.string(),
  endTime: z.string(),
});

export const registrationListItemSchema = registrationSchema.extend({
  event: registrationEventSchema,
  timeslot: registrationTimeslotSchema,
  /** E-mail campaigns of this registration's event that included it. */
  campaignCount: z.number().int(),
  /** The photos it holds, in the kinds' order (issue 17): read at registrationPhotoUrl (@common/photos). */
  photos: z.array(registrationPhotoSchema).optional(),
  panel: panelSummarySchema,
  tags: z.array(tagSchema),
  /** The same person's registrations in other events (issue 23), newest first. */
  related: z.array(relatedSummarySchema),
});
export type RegistrationListItem = z.infer<typeof registrationListItemSchema>;

export const registrationListResponseSchema = z.object({
  items: z.array(registrationListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RegistrationListResponse = z.infer<typeof registrationListResponseSchema>;

export const registrationDetailSchema = registrationSchema.extend({
  event: registrationEventSchema.extend({ description: z.string(), confirmationDetails: z.string() }),
  timeslot: registrationTimeslotSchema,
  /** Every slot of the event; availableSpots counts this registration as taking its own slot. */
  timeslots: z.array(registrationTimeslotSchema.extend({ capacity: z.number().int(), availableSpots: z.number().int() })),
  photos: z.array(registrationPhotoSchema).optional(),
  /** The check-in QR code's URL, printed on the staff's sheet (issue 20). */
  checkInUrl: z.string().optional(),
  /** Consent and the guardian (issue 18), for staff. */
  privacy: registrationPrivacySchema.optional(),
});
export type RegistrationDetail = z.infer<typeof registrationDetailSchema>;

/** POST /api/registrations/:id/resend-verification: 202, the new link is queued. */
export const resendVerificationResponseSchema = z.object({ queued: z.literal(true) });

/** The spots the edit form offers: the registration's own slot gets its spot back (docs/product.md §5). */
export function spotsForEdit(slot: { id: string; availableSpots: number }, currentTimeslotId: string): number {
  return Math.max(0, slot.availableSpots) + (slot.id === currentTimeslotId ? 1 : 0);
}
