/**
 * The registrant's self-service (issue 19): the manage page's and the waiting list's requests and
 * replies. The server validates with these; the web imports only their types (`import type`), so
 * classic zod never reaches the public bundle.
 */
import { z } from "zod";
import { REGISTRATION_STATES } from "../registration-state";

const time = z.string().regex(/^\d{2}:\d{2}$/);
/** A link's token: the manage link's (43 characters) or a waiting-list token (43). */
export const linkToken = z.string().min(1).max(200);

export const manageTokenQuery = z.object({ t: linkToken });
export const manageTokenBody = z.object({ t: linkToken });
export const manageMoveBody = z.object({ t: linkToken, timeslotId: z.uuid() });
/** Issue 36: give (true) or withdraw (false) the consent to be shown to the agency's clients. */
export const manageClientSharingBody = z.object({ t: linkToken, consent: z.boolean() });

export const manageResponse = z.object({
  registration: z.object({
    registrationCode: z.string(),
    fullName: z.string(),
    status: z.enum(["pending", "confirmed", "cancelled"]),
    /** Where it stands as the person reads it (issue 32): one answer with the verify page and the e-mails. */
    state: z.enum(REGISTRATION_STATES),
    timeslotId: z.string(),
    /** The check-in QR code's URL (issue 20), for as long as the registration is live; null once cancelled. */
    checkInUrl: z.string().nullable(),
  }),
  event: z.object({ eventName: z.string(), eventDate: z.string(), location: z.string() }),
  timeslot: z.object({ startTime: time, endTime: time }),
  /** Issue 36: whether the agency may show the person's profile to its clients. */
  clientSharing: z.object({
    consent: z.boolean(),
    /** Given by a minor whose guardian has not approved it yet: shown to nobody meanwhile. */
    awaitingGuardian: z.boolean(),
    /** It may be given here (not for a minor whose guardian has already decided). */
    canGive: z.boolean(),
  }),
  /** The event's other slots with room: where the person may move. */
  otherTimeslots: z.array(z.object({ id: z.string(), startTime: time, endTime: time, availableSpots: z.number().int() })),
});
export type ManageView = z.infer<typeof manageResponse>;

export const WAITLIST_ENTRY_STATUSES = ["waiting", "offered", "accepted", "declined", "expired", "removed"] as const;

export const waitlistJoinedResponse = z.object({ position: z.number().int(), email: z.string() });
export type WaitlistJoined = z.infer<typeof waitlistJoinedResponse>;

export const waitlistViewResponse = z.object({
  status: z.enum(WAITLIST_ENTRY_STATUSES),
  /** Place in the slot's line while waiting (1 = next). */
  position: z.number().int().nullable(),
  offerExpiresAt: z.string().nullable(),
  event: z.object({ eventName: z.string(), eventDate: z.string(), location: z.string() }),
  timeslot: z.object({ startTime: time, endTime: time }),
  /** Once accepted: the registration's code and its manage token. */
  registrationCode: z.string().nullable(),
  /** Where that registration stands (issue 32): a minor's waits for the guardian. */
  registrationState: z.enum(REGISTRATION_STATES).nullable(),
  manageToken: z.string().nullable(),
});
export type WaitlistView = z.infer<typeof waitlistViewResponse>;

export const staffWaitlistResponse = z.object({
  timeslots: z.array(
    z.object({
      id: z.string(),
      startTime: time,
      endTime: time,
      entries: z.array(
        z.object({
          id: z.string(),
          fullName: z.string(),
          email: z.string(),
          status: z.enum(WAITLIST_ENTRY_STATUSES),
          emailVerified: z.boolean(),
          createdAt: z.string(),
          offerExpiresAt: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type StaffWaitlist = z.infer<typeof staffWaitlistResponse>;
