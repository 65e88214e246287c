/**
 * Replies of the public visitor API (docs/architecture.md). The server validates its replies with these;
 * the web imports only their types (`import type`), so classic zod never reaches the public bundle.
 */
import { z } from "zod";
import { PHOTO_SETTINGS } from "../photos";
import { REGISTRATION_STATES } from "../registration-state";
import { registrantReplyShape } from "../registrant/replies";
import type { RegistrationSheetData } from "./registration-sheet";

const time = z.string().regex(/^\d{2}:\d{2}$/);

export const publicTimeslotResponse = z.object({
  id: z.string(),
  startTime: time,
  endTime: time,
  capacity: z.number().int(),
  availableSpots: z.number().int(),
  /** The slot has started (Buenos Aires time): full, it has no waiting list to offer (issue 19). */
  started: z.boolean(),
});

export const publicEventResponse = z.object({
  id: z.string(),
  eventName: z.string(),
  eventDate: z.string(),
  location: z.string(),
  description: z.string(),
  /** Whether the form asks for photos: off, optional or required. */
  photos: z.enum(PHOTO_SETTINGS),
  timeslots: z.array(publicTimeslotResponse),
  /** The privacy notice the form shows (issue 18): its version is sent back with the consent. */
  privacyNoticeVersion: z.number().int().optional(),
  /**
   * Registrations at the door from the walk-in poster (issue 35): `open` when the event takes them
   * now (walk-ins on, today its day in Buenos Aires, under the day's cap, a slot with room). The
   * server always sends it; the poster's token is checked when the form is sent, and why a closed
   * door is closed is said then (walk_ins_closed, walk_ins_full).
   */
  walkIns: z.object({ open: z.boolean() }).optional(),
});

export const registrationCreatedResponse = z.object({
  registrationCode: z.string(),
  successToken: z.string(),
  verificationEmailQueued: z.boolean(),
  /**
   * A walk-in's place in the day's line (issue 35): its number, and `token` (the check-in link's
   * `t`, always sent with the number) with which the phone follows its place live (/turno, the place
   * stream); null while a minor's guardian has not approved (checked in, and numbered, on the
   * approval). Absent for any other registration.
   */
  queue: z.object({ number: z.number().int(), token: z.string().optional() }).nullable().optional(),
});

export const registrationSuccessResponse = z.object({
  registrationCode: z.string(),
  email: z.string(),
  /** A minor's registration waiting for the guardian (issue 18): the address the request went to. */
  guardianPendingEmail: z.string().nullable().optional(),
});

export const registrationSheetResponse = z.object({
  status: z.enum(["pending", "confirmed"]),
  registrationCode: z.string(),
  ...registrantReplyShape(),
  event: z.object({
    eventName: z.string(),
    eventDate: z.string(),
    location: z.string(),
    description: z.string(),
    confirmationDetails: z.string(),
  }),
  timeslot: z.object({ startTime: time, endTime: time }).nullable(),
  /** The check-in QR code's URL (issue 20): on the page and on the PDF sheet. */
  checkInUrl: z.string().optional(),
});

/**
 * POST /api/public/verify. The sheet comes with the verifying use of the link and for a short
 * while after it; later uses answer only the outcome and the code.
 */
export const verifyResponse = z.object({
  outcome: z.enum(["verified", "already_verified"]),
  registrationCode: z.string(),
  /** Where the registration stands now (issue 32): a minor waiting for the guardian is not confirmed. */
  state: z.enum(REGISTRATION_STATES),
  registration: registrationSheetResponse.optional(),
});

export type PublicEvent = z.infer<typeof publicEventResponse>;
export type PublicTimeslot = z.infer<typeof publicTimeslotResponse>;
export type RegistrationCreated = z.infer<typeof registrationCreatedResponse>;
export type RegistrationSuccess = z.infer<typeof registrationSuccessResponse>;
export type VerifyResult = z.infer<typeof verifyResponse>;

/** Fails to compile if the reply stops carrying every field of the sheet. */
export const SHEET_FIELDS_COVERED: z.infer<typeof registrationSheetResponse> extends RegistrationSheetData ? true : false = true;
