/**
 * The review panel (issue 23): each staff member's own score and note, the registration's stage,
 * the agency's tags and the same person's registrations in other events. Requests and replies.
 */
import { z } from "zod";
import {
  PANEL_DISAGREEMENT_SPREAD,
  PANEL_NOTE_MAX,
  RATING_MAX,
  RATING_MIN,
  REGISTRATION_STAGES,
  TAG_NAME_MAX,
  type RegistrationStage,
} from "../constants";
import { t } from "../i18n";
import { CONTROL_CHARACTERS_MESSAGE, isOneLineText } from "../text";

export const stageSchema = z.enum(REGISTRATION_STAGES);

/**
 * PUT /api/registrations/:id/my-score: the caller's own score. Without `note` the note stays as it
 * was; a note of null or "" clears it.
 */
export const myScoreSchema = z.object({
  score: z.number().int().min(RATING_MIN).max(RATING_MAX),
  note: z
    .string()
    .trim()
    .max(PANEL_NOTE_MAX)
    .nullable()
    .optional()
    .transform((note) => (note === undefined ? undefined : note || null)),
});
export type MyScoreInput = z.input<typeof myScoreSchema>;

/** POST /api/registrations/:id/stage (admins). */
export const stageChangeSchema = z.object({ stage: stageSchema });

/** The panel as a row shows it; `mine` is the caller's own score. */
export const panelSummarySchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  /** Highest minus lowest score; null before any score. */
  spread: z.number().int().nullable(),
  mine: z.number().int().nullable(),
});
export type PanelSummary = z.infer<typeof panelSummarySchema>;

export const isDisagreement = (panel: Pick<PanelSummary, "spread">): boolean =>
  panel.spread !== null && panel.spread >= PANEL_DISAGREEMENT_SPREAD;

export const tagSchema = z.object({ id: z.uuid(), name: z.string() });
export type Tag = z.infer<typeof tagSchema>;

export const tagInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: () => t("panel.errors.tagName") })
    .max(TAG_NAME_MAX, { error: () => t("panel.errors.tagName") })
    .refine(isOneLineText, { error: CONTROL_CHARACTERS_MESSAGE }),
});
export type TagInput = z.input<typeof tagInputSchema>;

export const tagListResponseSchema = z.object({ items: z.array(tagSchema) });
export type TagListResponse = z.infer<typeof tagListResponseSchema>;

/** PUT /api/registrations/:id/tags: the registration's whole set of tags. */
export const registrationTagsSchema = z.object({ tagIds: z.array(z.uuid()).max(50) });

export const RELATED_RULES = ["email", "phone", "nameAndBirthDate"] as const;
export type RelatedRule = (typeof RELATED_RULES)[number];

/**
 * Another registration of the same person, as a row names it: which event (name and date), the
 * name given there and what matched, so two entries of one event read apart (issue 32).
 */
export const relatedSummarySchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  eventName: z.string(),
  eventDate: z.string(),
  stage: stageSchema,
  fullName: z.string(),
  matchedBy: z.array(z.enum(RELATED_RULES)),
});
export type RelatedSummary = z.infer<typeof relatedSummarySchema>;

export const relatedResponseSchema = z.object({
  items: z.array(relatedSummarySchema.extend({ email: z.string().nullable(), createdAt: z.string() })),
});
export type RelatedResponse = z.infer<typeof relatedResponseSchema>;

const authorSchema = z.object({ id: z.string(), name: z.string() }).nullable();

/** GET /api/registrations/:id/panel: the notes with their authors and times, the stage's history. */
export const registrationPanelSchema = z.object({
  panel: panelSummarySchema,
  myNote: z.string().nullable(),
  notes: z.array(z.object({ author: authorSchema, note: z.string(), updatedAt: z.string(), mine: z.boolean() })),
  stageHistory: z.array(z.object({ from: stageSchema, to: stageSchema, by: authorSchema, at: z.string() })),
});
export type RegistrationPanel = z.infer<typeof registrationPanelSchema>;

export const STAGE_MESSAGE = {
  new: "panel.stages.new",
  shortlisted: "panel.stages.shortlisted",
  callback: "panel.stages.callback",
  signed: "panel.stages.signed",
  discarded: "panel.stages.discarded",
} as const satisfies Record<RegistrationStage, string>;
