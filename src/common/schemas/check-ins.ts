/**
 * Check-in at the door (issue 20): the request a staff phone sends for a scanned QR code, a typed
 * code or a chosen name, and what the server answers. The same body previews (no write) and checks in.
 */
import { z } from "zod";
import { GUARDIAN_STATUSES } from "../constants";
import { isMultiLineText, isOneLineText, CONTROL_CHARACTERS_MESSAGE } from "../text";

/** An admin's reason for letting in a minor whose guardian has not approved (issue 32): kept in the audit trail. */
export const OVERRIDE_REASON_MAX = 500;

/** Who is arriving: the QR code's token, a registration chosen from a search, or its typed code. */
const checkInTarget = z.object({
  token: z.string().min(1).max(200).optional(),
  registrationId: z.uuid().optional(),
  /** A registration code as typed at the door ("oc-7k3f9q", "OC 7K3F9Q"); normalised by the server. */
  code: z.string().trim().min(1).max(20).refine(isOneLineText, { error: CONTROL_CHARACTERS_MESSAGE }).optional(),
  /** The event the phone is checking people in for: another event's registration is a warning. */
  eventId: z.uuid().optional(),
  /** When the phone made the check-in (an offline queue sends it later): the arrival time kept. */
  scannedAt: z.iso.datetime({ offset: true }).optional(),
});

const namesOnePerson = (body: z.output<typeof checkInTarget>) =>
  [body.token, body.registrationId, body.code].filter((v) => v !== undefined).length === 1;
const onePerson = { message: "exactly one of token, registrationId or code", path: ["token"] };

/** The preview's body: who, and for which event. */
export const checkInPreviewSchema = checkInTarget.strict().refine(namesOnePerson, onePerson);

/**
 * The check-in's body: the preview's, and an admin's reason to let in a minor whose guardian has
 * not approved (`overrideReason`; refused to anyone else, ignored when nothing needs overriding).
 */
export const checkInRequestSchema = checkInTarget
  .extend({
    overrideReason: z
      .string()
      .trim()
      .min(1)
      .max(OVERRIDE_REASON_MAX)
      .refine(isMultiLineText, { error: CONTROL_CHARACTERS_MESSAGE })
      .optional(),
  })
  .strict()
  .refine(namesOnePerson, onePerson);
export type CheckInRequest = z.output<typeof checkInRequestSchema>;

export const CHECK_IN_WARNINGS = [
  "already_checked_in",
  "other_event",
  "other_day",
  "slot_not_started",
  "slot_ended",
  "email_not_verified",
] as const;
export type CheckInWarningCode = (typeof CHECK_IN_WARNINGS)[number];

/**
 * Why an arrival is not recorded (staff cannot just let the person in): a cancelled registration
 * (its spot may be someone else's), and a 16- or 17-year-old whose guardian has not approved
 * (pending: only an admin's override with a reason; refused: the refusal cancelled it).
 */
export const CHECK_IN_STOPS = ["guardian_pending", "guardian_refused", "cancelled"] as const;
export type CheckInStopCode = (typeof CHECK_IN_STOPS)[number];

export const checkInStopSchema = z.object({
  code: z.enum(CHECK_IN_STOPS),
  message: z.string(),
  /** The caller may let the person in anyway, with a reason (an admin, a guardian not yet decided). */
  overridable: z.boolean(),
});
export type CheckInStop = z.infer<typeof checkInStopSchema>;

export const checkInRegistrationSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  age: z.number().int(),
  registrationCode: z.string(),
  status: z.enum(["pending", "confirmed", "cancelled"]),
  emailVerified: z.boolean(),
  /** A minor's guardian (issue 18): who staff call at the door; null for an adult. */
  guardianStatus: z.enum(GUARDIAN_STATUSES),
  guardian: z.object({ name: z.string(), email: z.string() }).nullable(),
  event: z.object({ id: z.uuid(), eventName: z.string(), eventDate: z.string() }),
  timeslot: z.object({ id: z.uuid(), startTime: z.string(), endTime: z.string() }),
  /** The face photo's thumbnail (a staff route), when there is one. */
  photoUrl: z.string().nullable(),
  attended: z.boolean(),
  attendedAt: z.string().nullable(),
  checkedInBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
});
export type CheckInRegistration = z.infer<typeof checkInRegistrationSchema>;

export const checkInResponseSchema = z.object({
  registration: checkInRegistrationSchema,
  /** The person had arrived before this request (another phone, an earlier scan, the list's toggle). */
  alreadyCheckedIn: z.boolean(),
  /** This request recorded the arrival (false for a preview, an earlier arrival, a stop). */
  checkedIn: z.boolean(),
  /** This request recorded it by an admin's override of a guardian's missing approval. */
  overridden: z.boolean(),
  /** Why the arrival is not (and will not be) recorded; null when nothing stops it or the person has arrived. */
  stop: checkInStopSchema.nullable(),
  warnings: z.array(z.object({ code: z.enum(CHECK_IN_WARNINGS), message: z.string() })),
  /** The person's place in the casting day's line (issue 35): given by the arrival; null before it. */
  queue: z.object({ number: z.number().int() }).nullable(),
});
export type CheckInResponse = z.infer<typeof checkInResponseSchema>;

export const checkInSearchQuerySchema = z.object({
  eventId: z.uuid(),
  q: z.string().trim().min(1).max(100).refine(isOneLineText, { error: CONTROL_CHARACTERS_MESSAGE }),
});

export const checkInSearchResponseSchema = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      fullName: z.string(),
      registrationCode: z.string(),
      timeslot: z.object({ startTime: z.string(), endTime: z.string() }),
      attended: z.boolean(),
      status: z.enum(["pending", "confirmed", "cancelled"]),
      /** A minor whose guardian has not approved is marked in the results (and stopped when chosen). */
      guardianStatus: z.enum(GUARDIAN_STATUSES),
    }),
  ),
});
export type CheckInSearchResponse = z.infer<typeof checkInSearchResponseSchema>;

export const arrivalsResponseSchema = z.object({
  eventId: z.uuid(),
  timeslots: z.array(
    z.object({
      timeslotId: z.uuid(),
      startTime: z.string(),
      endTime: z.string(),
      /** Live registrations of the slot (cancelled ones are not expected). */
      expected: z.number().int(),
      arrived: z.number().int(),
    }),
  ),
});
export type ArrivalsResponse = z.infer<typeof arrivalsResponseSchema>;

/** A typed code as stored: "oc 7k3f9q", "OC7K3F9Q" and "OC-7K3F9Q" are the same code. */
export function normaliseRegistrationCode(typed: string): string {
  const compact = typed.toUpperCase().replace(/[^0-9A-Z]/g, "");
  return compact.startsWith("OC") ? `OC-${compact.slice(2)}` : `OC-${compact}`;
}
