/**
 * The public registration form (docs/product.md §5 "Public registration form"): one schema for the React form
 * and the Fastify route, composed from the registrant's fields (src/common/registrant/fields.ts).
 * zod/mini, for the public route's small bundle.
 */
import * as z from "zod/mini";
import { REGISTRANT_FIELD_NAMES } from "../registrant/fields";
import { registrantShape } from "../registrant/schemas";
import { t } from "../i18n";
import { consentShape } from "../privacy/consent";

export const REGISTRATION_SOURCE_MAX = 100;

export const publicRegistrationSchema = z.object({
  ...registrantShape("registration"),
  timeslotId: z.uuid({ error: () => t("public.errors.noTimeslot") }),
  /** Ids answered by POST /api/public/events/:eventId/photos, one per kind (issue 17). */
  photos: z.optional(
    z.object({
      face: z.optional(z.uuid({ error: () => t("public.photos.errors.notFound") })),
      profile: z.optional(z.uuid({ error: () => t("public.photos.errors.notFound") })),
      full: z.optional(z.uuid({ error: () => t("public.photos.errors.notFound") })),
    }),
  ),
  /** Consent and, for 16- and 17-year-olds, the guardian (issue 18): checked by consentProblems. */
  ...consentShape,
  /**
   * Where the visit came from (issue 38): the tracked link's slug of `/e/<event>/<link>`, else the
   * address's `utm_source`. First-party, stored with the registration and erased with it.
   */
  source: z.optional(z.nullable(z.string().check(z.maxLength(REGISTRATION_SOURCE_MAX)))),
  /** Honeypot: invisible to people; a bot that fills it is answered like a success, nothing stored. */
  website: z.optional(z.string().check(z.maxLength(500))),
});

export type PublicRegistrationInput = z.input<typeof publicRegistrationSchema>;
export type PublicRegistration = z.output<typeof publicRegistrationSchema>;
export type PublicRegistrationField = Exclude<
  keyof PublicRegistrationInput,
  "website" | "photos" | "source" | keyof typeof consentShape
>;

/** The order of the form's fields: the error summary lists errors in this order. */
export const PUBLIC_REGISTRATION_FIELDS: readonly PublicRegistrationField[] = [...REGISTRANT_FIELD_NAMES, "timeslotId"];
