/** Business constants of docs/product.md §9. */
export const MIN_REGISTRATION_AGE = 16;

export const MEASUREMENT_BOUNDS = {
  height: { min: 160, max: 240 },
  bust: { min: 80, max: 150 },
  waist: { min: 60, max: 120 },
  hips: { min: 80, max: 160 },
} as const;

export const TIMESLOT_MIN_CAPACITY = 1;
export const TIMESLOT_DEFAULT_CAPACITY = 10;
export const LOW_AVAILABILITY_THRESHOLD = 3;

export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const PAGE_SIZES = [20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;

export const CAMPAIGN_RECIPIENT_ADVICE = 100;
export const CAMPAIGN_HIGHLIGHT_MS = 3000;

export const SIDEBAR_BREAKPOINT_PX = 990;

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 256;

export const PRODUCT_NAME = "OpenCall";

/** Local storage keys. Sign-out clears everything of ours except THEME. */
export const STORAGE_KEYS = {
  theme: "theme",
  language: "language",
  selectedEventId: "opencall.selectedEventId",
  /** Followed by the user's id: each staff member's choice of the registrations list's layout. */
  registrationsLayoutPrefix: "opencall.registrationsView.",
  /** The room a device calls the casting day's line from (issue 35): the device's, not a person's. */
  roomName: "opencall.roomName",
} as const;

export const PROFILE_STATUSES = ["pending", "approved"] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];

export const EVENT_STATUSES = ["active", "inactive"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** An open call (public), or a callback of one (issue 36): not public, its people come by invitation. */
export const EVENT_KINDS = ["open", "callback"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/**
 * A callback invitation as stored (issue 36): waiting for the person's answer, accepted (a slot
 * chosen: the callback's registration exists) or declined. "Expired" and "cancelled" are read from
 * the deadline and the callback's registration, never stored.
 */
export const CALLBACK_INVITATION_STATUSES = ["invited", "accepted", "declined"] as const;
export type CallbackInvitationStatus = (typeof CALLBACK_INVITATION_STATUSES)[number];

/** 'cancelled' (issue 19): the person, their guardian or staff gave the spot up; the row stays, out of the counts. */
export const REGISTRATION_STATUSES = ["pending", "confirmed", "cancelled"] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** Where a registrant stands in the agency's decision (issue 23): admins move them. */
export const REGISTRATION_STAGES = ["new", "shortlisted", "callback", "signed", "discarded"] as const;
export type RegistrationStage = (typeof REGISTRATION_STAGES)[number];
/**
 * How far a stage goes in the agency's funnel (issue 38): shortlisted 1, callback 2, signed 3; new
 * and discarded 0. A registration keeps the furthest it ever reached (`funnel_reached`).
 */
export const FUNNEL_RANK: Record<RegistrationStage, number> = { new: 0, shortlisted: 1, callback: 2, signed: 3, discarded: 0 };

/** A panel whose highest and lowest scores are this far apart is marked as disagreeing. */
export const PANEL_DISAGREEMENT_SPREAD = 3;
export const PANEL_NOTE_MAX = 2000;
export const TAG_NAME_MAX = 40;

/** `mailbox`: every message was kept in the in-app mailbox, none sent (no SMTP server configured). */
export const CAMPAIGN_STATUSES = ["in_progress", "completed", "partial", "failed", "mailbox"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** `mailbox`: the message is in the in-app mailbox, not sent (no SMTP server configured); never a failure. */
export const RECIPIENT_STATUSES = ["queued", "sent", "failed", "read", "mailbox"] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export const EYE_COLORS = [
  "Azul",
  "Azul claro",
  "Azul oscuro",
  "Azul verdoso",
  "Verde",
  "Verde claro",
  "Verde oscuro",
  "Marrón",
  "Marrón claro",
  "Marrón oscuro",
  "Avellana/Hazel",
  "Gris",
  "Miel",
  "Negro",
  "Mixto",
] as const;
export type EyeColor = (typeof EYE_COLORS)[number];

/** A minor's registration (issue 18): 16- and 17-year-olds need their guardian's approval. */
export const GUARDIAN_STATUSES = ["not_required", "pending", "approved", "refused"] as const;
export type GuardianStatus = (typeof GUARDIAN_STATUSES)[number];
/** Below this age (and at or above MIN_REGISTRATION_AGE) a registration waits for the guardian. */
export const ADULT_AGE = 18;
/** Stages that count as "selected" for retention (with liked): never erased automatically. */
export const RETAINED_STAGES = ["shortlisted", "callback", "signed"] as const;
