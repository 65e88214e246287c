/**
 * The staff side of registrations: the list's query, the edit form (SPEC.md §5 "Edit registration
 * form"), the review fields (liked, attended, rating) and the shapes the API answers with.
 * One schema per request/form, used by the React form and by the Fastify route alike.
 */
import { z } from "zod";
import { EYE_COLORS, MEASUREMENT_BOUNDS, PAGE_SIZES, RATING_MAX, RATING_MIN, REGISTRATION_STATUSES } from "../constants";
import { isIsoDate } from "../dates";
// The public form's rule (SPEC.md §5), so that an edit stores a phone exactly as registering does.
import { normalizePhone } from "./registration";

const booleanParam = z
  .enum(["true", "false"])
  .transform((value) => value === "true")
  .optional();

/** Filters shared by the list and the CSV export. */
export const registrationFiltersSchema = z.object({
  eventId: z.uuid().optional(),
  liked: booleanParam,
  attended: booleanParam,
  rating: z.coerce.number().int().min(RATING_MIN).max(RATING_MAX).optional(),
  q: z.string().trim().max(200).optional(),
});
export type RegistrationFilters = z.output<typeof registrationFiltersSchema>;

export const registrationListQuerySchema = registrationFiltersSchema.extend({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: `one of ${PAGE_SIZES.join(", ")}` })
    .default(PAGE_SIZES[0]),
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

const required = (max = 200) => z.string().trim().min(1, "Requerido").max(max);
const measurement = (key: keyof typeof MEASUREMENT_BOUNDS) =>
  z
    .number({ error: "Ingresá un número entero" })
    .int("Ingresá un número entero")
    .min(MEASUREMENT_BOUNDS[key].min, `Mínimo ${MEASUREMENT_BOUNDS[key].min}`)
    .max(MEASUREMENT_BOUNDS[key].max, `Máximo ${MEASUREMENT_BOUNDS[key].max}`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => (value ? value : null));

export const registrationEditSchema = z.object({
  fullName: required(),
  dateOfBirth: z.string().refine(isIsoDate, "Fecha inválida"),
  location: required(),
  email: z.string().trim().toLowerCase().pipe(z.email("Correo electrónico inválido").max(254)),
  phoneNumber: z
    .string()
    .transform(normalizePhone)
    .pipe(z.string().min(6, "Teléfono inválido").max(20, "Teléfono inválido")),
  height: measurement("height"),
  bust: measurement("bust").nullable(),
  waist: measurement("waist").nullable(),
  hips: measurement("hips").nullable(),
  eyeColor: z.enum(EYE_COLORS).nullable(),
  instagramHandle: optionalText(60).transform((value) => (value ? value.replace(/^@+/, "") || null : null)),
  internationalWork: z.boolean(),
  timeslotId: z.uuid("Por favor selecciona un horario disponible."),
});
export type RegistrationEditInput = z.input<typeof registrationEditSchema>;
export type RegistrationEdit = z.output<typeof registrationEditSchema>;

/** Liked, attended and rating: admins only (SPEC.md §6). A null rating clears it. */
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
  fullName: z.string(),
  dateOfBirth: z.string(),
  age: z.number().int(),
  location: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  height: z.number().int(),
  bust: z.number().int().nullable(),
  waist: z.number().int().nullable(),
  hips: z.number().int().nullable(),
  eyeColor: z.string().nullable(),
  instagramHandle: z.string().nullable(),
  internationalWork: z.boolean(),
  status: z.enum(REGISTRATION_STATUSES),
  emailVerified: z.boolean(),
  emailVerifiedAt: z.string().nullable(),
  registrationCode: z.string(),
  createdAt: z.string(),
  liked: z.boolean(),
  attended: z.boolean(),
  rating: z.number().int().nullable(),
});

export const registrationEventSchema = z.object({
  id: z.uuid(),
  eventName: z.string(),
  eventDate: z.string(),
  location: z.string(),
});

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
});
export type RegistrationDetail = z.infer<typeof registrationDetailSchema>;

/** The spots the edit form offers: the registration's own slot gets its spot back (SPEC.md §5). */
export function spotsForEdit(slot: { id: string; availableSpots: number }, currentTimeslotId: string): number {
  return Math.max(0, slot.availableSpots) + (slot.id === currentTimeslotId ? 1 : 0);
}
