/**
 * Callbacks (issue 36): admins invite registrants of an open call to one of its callback events;
 * each person answers from their e-mail's link (the manage page) by choosing a slot or declining.
 * The staff's requests and replies, and the person's (the public web imports their types only, so
 * zod never reaches the public bundle).
 */
import { z } from "zod";
import { t } from "../i18n";
import { linkToken } from "./self-service";

/** At most this many people invited by one request (a callback is a few dozen, a big one a few hundred). */
export const CALLBACK_INVITE_MAX = 500;

/** Why a registration of the request was not invited. */
export const CALLBACK_SKIP_REASONS = [
  /** Not a registration of the callback's open call. */
  "not_in_open_call",
  "already_invited",
  /** Its registration in the open call was given up. */
  "cancelled",
  /** No registration of that id any more (erased or deleted). */
  "erased",
  /** A 16- or 17-year-old whose guardian has not approved: never invited (docs/architecture.md). */
  "guardian_not_approved",
] as const;
export type CallbackSkipReason = (typeof CALLBACK_SKIP_REASONS)[number];

/**
 * An invitation as staff read it: accepted (a slot chosen), declined, no answer yet, expired (no
 * answer by the deadline), or cancelled (accepted, then the callback's registration was given up).
 */
export const CALLBACK_ANSWERS = ["accepted", "declined", "no_answer", "expired", "cancelled"] as const;
export type CallbackAnswer = (typeof CALLBACK_ANSWERS)[number];

export const callbackInviteBody = z.object({
  registrationIds: z
    .array(z.uuid(), { error: () => t("callbacks.errors.nobodyChosen") })
    .min(1, { error: () => t("callbacks.errors.nobodyChosen") })
    .max(CALLBACK_INVITE_MAX, { error: () => t("callbacks.errors.tooMany", { max: CALLBACK_INVITE_MAX }) }),
  /** Answers are taken until then: an instant with its offset, in the future, before the callback's first slot. */
  deadline: z.iso.datetime({ offset: true, error: () => t("callbacks.errors.deadlineInvalid") }),
});
export type CallbackInviteBody = z.infer<typeof callbackInviteBody>;

export const callbackInviteResponse = z.object({
  /** How many were invited (each sent one e-mail). */
  invited: z.number().int(),
  /** The others, in the request's order, with the reason. */
  skipped: z.array(z.object({ id: z.string(), reason: z.enum(CALLBACK_SKIP_REASONS) })),
});
export type CallbackInviteResult = z.infer<typeof callbackInviteResponse>;

const time = z.string().regex(/^\d{2}:\d{2}$/);

export const callbackInvitationSchema = z.object({
  id: z.uuid(),
  answer: z.enum(CALLBACK_ANSWERS),
  /** The person's registration in the open call, as the caller may see it (no contacts without contacts.see, no photos without photos.see). */
  person: z.object({
    registrationId: z.uuid(),
    registrationCode: z.string(),
    fullName: z.string(),
    age: z.number().int(),
    email: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    photos: z.array(z.object({ kind: z.enum(["face", "profile", "full"]), id: z.string() })),
  }),
  /** The slot chosen (accepted or cancelled), else null. */
  timeslot: z.object({ id: z.uuid(), startTime: time, endTime: time }).nullable(),
  /** The registration choosing a slot made in the callback, else null. */
  callbackRegistrationId: z.uuid().nullable(),
  deadline: z.string(),
  invitedAt: z.string(),
  answeredAt: z.string().nullable(),
  remindedAt: z.string().nullable(),
});
export type CallbackInvitation = z.infer<typeof callbackInvitationSchema>;

export const callbackInvitationsResponse = z.object({ items: z.array(callbackInvitationSchema) });
export type CallbackInvitations = z.infer<typeof callbackInvitationsResponse>;

export const callbackRemindResponse = z.object({ reminded: z.number().int() });
export type CallbackRemindResult = z.infer<typeof callbackRemindResponse>;

// ---------------------------------------------------------------- the person's side (public)

export const callbackTokenQuery = z.object({ t: linkToken });

/** `{t, timeslotId}` chooses that slot; `{t, decline: true}` declines. */
export const callbackAnswerBody = z
  .object({ t: linkToken, timeslotId: z.uuid().optional(), decline: z.literal(true).optional() })
  .refine((body) => (body.timeslotId === undefined) !== (body.decline === undefined), {
    path: ["timeslotId"],
    error: () => t("callbacks.errors.answerOne"),
  });
export type CallbackAnswerBody = z.infer<typeof callbackAnswerBody>;

/** Where the person's invitation stands: open to an answer, answered, or past its deadline. */
export const CALLBACK_VIEW_STATES = ["open", "accepted", "declined", "expired", "cancelled"] as const;
export type CallbackViewState = (typeof CALLBACK_VIEW_STATES)[number];

export const callbackViewResponse = z.object({
  state: z.enum(CALLBACK_VIEW_STATES),
  fullName: z.string(),
  deadline: z.string(),
  /** The callback: its name, date (`YYYY-MM-DD`), place and description. */
  event: z.object({ eventName: z.string(), eventDate: z.string(), location: z.string(), description: z.string() }),
  /** The open call the person came from. */
  openCall: z.object({ eventName: z.string() }),
  /** While open: the slots with free spots that have not started, earliest first; empty otherwise. */
  timeslots: z.array(z.object({ id: z.string(), startTime: time, endTime: time, availableSpots: z.number().int() })),
  /** The slot chosen, once accepted. */
  chosen: z.object({ startTime: time, endTime: time }).nullable(),
  /** Once accepted: the manage link's token of the callback's registration (its QR code, moving, cancelling). */
  manageToken: z.string().nullable(),
});
export type CallbackView = z.infer<typeof callbackViewResponse>;
