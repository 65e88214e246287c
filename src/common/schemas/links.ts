/**
 * Tracked links (issue 38): an event's named short addresses, `/e/<event slug>/<link slug>`; a
 * registration through one stores the link's slug as its `source`.
 */
import { z } from "zod";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "../slugs";
import { isOneLineText, CONTROL_CHARACTERS_MESSAGE } from "../text";
import { t } from "../i18n";

export const LINK_NAME_MAX = 100;

export const createLinkSchema = z.object({
  name: z
    .string({ error: () => t("insights.links.validation.nameRequired") })
    .trim()
    .min(1, { error: () => t("insights.links.validation.nameRequired") })
    .max(LINK_NAME_MAX, { error: () => t("events.validation.tooLong", { max: LINK_NAME_MAX }) })
    .refine(isOneLineText, { error: CONTROL_CHARACTERS_MESSAGE }),
  /** The address's last part; capitals are taken as lower case. */
  slug: z
    .string({ error: () => t("events.validation.slugRequired") })
    .trim()
    .toLowerCase()
    .min(1, { error: () => t("events.validation.slugRequired"), abort: true })
    .max(SLUG_MAX_LENGTH, { error: () => t("events.validation.tooLong", { max: SLUG_MAX_LENGTH }), abort: true })
    .regex(SLUG_PATTERN, { error: () => t("events.validation.slugInvalid") }),
});

export const trackedLinkSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  name: z.string(),
  slug: z.string(),
  createdAt: z.string(),
  /** Registrations (not cancelled) whose source is this link's slug. */
  registrations: z.number().int(),
});

export type CreateLinkInput = z.input<typeof createLinkSchema>;
export type TrackedLink = z.infer<typeof trackedLinkSchema>;
