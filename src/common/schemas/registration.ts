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

const timeslotId = z.uuid({ error: () => t("public.errors.noTimeslot") });

/** Everything a registration sends but its slot (the form's choice, or the walk-in's: the server's). */
const registrationShape = {
  ...registrantShape("registration"),
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
};

export const publicRegistrationSchema = z.object({ ...registrationShape, timeslotId });

/** The walk-in poster's token (`?walkin=` of its address, issue 35): 22 characters; more is not a token. */
export const WALK_IN_TOKEN_MAX = 100;
const walkInToken = z.string().check(z.minLength(1), z.maxLength(WALK_IN_TOKEN_MAX));

/**
 * The walk-in form (issue 35): no slot to choose (the server gives the one running now, or the
 * nearest with room), and the poster's token; the same rules otherwise.
 */
export const walkInRegistrationSchema = z.object({ ...registrationShape, walkIn: walkInToken });

/**
 * POST /api/public/events/:eventId/registrations: the form's body (`timeslotId`) or the walk-in
 * form's (`walkIn`, any `timeslotId` ignored). The slot's rule is a schema of its own beside the
 * fields' (an intersection parses both): a body missing the slot is told so with everything else
 * wrong, where a check on the whole object would wait for every field to be right.
 */
export const registrationRequestSchema = z.intersection(
  z.object(registrationShape),
  z.object({ timeslotId: z.optional(timeslotId), walkIn: z.optional(walkInToken) }).check(
    z.refine((body) => body.walkIn !== undefined || body.timeslotId !== undefined, {
      path: ["timeslotId"],
      error: () => t("public.errors.noTimeslot"),
    }),
  ),
);

export type PublicRegistrationInput = z.input<typeof publicRegistrationSchema>;
export type PublicRegistration = z.output<typeof publicRegistrationSchema>;
export type WalkInRegistrationInput = z.input<typeof walkInRegistrationSchema>;
export type WalkInRegistration = z.output<typeof walkInRegistrationSchema>;
export type RegistrationRequest = z.output<typeof registrationRequestSchema>;
export type PublicRegistrationField = Exclude<
  keyof PublicRegistrationInput,
  "website" | "photos" | "source" | keyof typeof consentShape
>;

/** The order of the form's fields: the error summary lists errors in this order. */
export const PUBLIC_REGISTRATION_FIELDS: readonly PublicRegistrationField[] = [...REGISTRANT_FIELD_NAMES, "timeslotId"];
