/** Requests and replies of the privacy routes (issue 18): notice, guardian, export/erase, retention, audit. */
import { z } from "zod";
import { agencyResponse } from "./agency";
import { GUARDIAN_STATUSES } from "../constants";
import { AUDIT_KINDS } from "../privacy/audit-actions";
import { calendarDate } from "./calendar-date";

const token = z.string().min(1).max(200);

export const privacyNoticeSchema = z.object({
  version: z.number().int(),
  textEs: z.string(),
  textEn: z.string(),
  publishedAt: z.string(),
});
export type PrivacyNotice = z.infer<typeof privacyNoticeSchema>;

/** GET /api/public/privacy-notice: the current version, or the one asked for (a person may read what they agreed to). */
export const privacyNoticeQuerySchema = z.object({ version: z.coerce.number().int().min(1).max(1_000_000).optional() });

export const publishNoticeSchema = z.object({
  textEs: z.string().trim().min(1).max(20_000),
  textEn: z.string().trim().min(1).max(20_000),
});
export type PublishNoticeInput = z.input<typeof publishNoticeSchema>;

export const privacyNoticesResponse = z.object({
  items: z.array(privacyNoticeSchema.extend({ publishedBy: z.string().nullable() })),
});

// ---------------------------------------------------------------- the guardian

export const guardianQuerySchema = z.object({ t: z.string().max(200).default("") });
export const guardianViewResponse = z.object({
  guardianName: z.string(),
  guardianStatus: z.enum(GUARDIAN_STATUSES),
  registration: z.object({
    fullName: z.string(),
    registrationCode: z.string(),
    dateOfBirth: z.string(),
    /** The minor asked to be shown to the agency's clients (issue 36): the guardian's approval covers it. */
    consentClientSharing: z.boolean(),
    eventName: z.string(),
    eventDate: z.string(),
    location: z.string(),
    /** The slot's hours (`HH:MM`, 24-hour, the agency's clock); null without a slot. */
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
  }),
  notice: privacyNoticeSchema,
  /** Who asks (issue 32): the agency's name, contact address, web site and logo. */
  agency: agencyResponse,
});
export type GuardianView = z.infer<typeof guardianViewResponse>;

export const guardianDecisionSchema = z.object({ token, approve: z.boolean() });
export const guardianDecisionResponse = z.object({
  outcome: z.enum(["approved", "refused"]),
  /** true: the decision had been taken before; nothing changed. */
  alreadyDecided: z.boolean(),
});
export type GuardianDecision = z.infer<typeof guardianDecisionResponse>;

// ---------------------------------------------------------------- access and erasure

export const manageExportQuerySchema = z.object({ t: z.string().max(200).default("") });
export const manageEraseSchema = z.object({ t: token });
export const erasedResponse = z.object({ erased: z.literal(true) });
export const privacyRequestSchema = z.object({ email: z.string().trim().toLowerCase().max(254).pipe(z.email()) });
export const privacyRequestResponse = z.object({ queued: z.literal(true) });

export const keepSchema = z.object({ keep: z.boolean() });
export const keepResponse = z.object({ retentionKeep: z.boolean() });

// ---------------------------------------------------------------- retention

export const privacySettingsSchema = z.object({
  retentionMonths: z.number().int().min(1).max(120),
  outboxRetentionDays: z.number().int().min(1).max(3650),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

export const retentionPreviewResponse = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      eventId: z.uuid(),
      registrationCode: z.string(),
      eventName: z.string(),
      eventDate: z.string(),
    }),
  ),
});
export type RetentionPreview = z.infer<typeof retentionPreviewResponse>;

// ---------------------------------------------------------------- the audit trail

export const auditQuerySchema = z.object({
  /** A user id, or part of a staff member's name or e-mail. */
  actor: z.string().max(200).optional(),
  kind: z.enum(AUDIT_KINDS).optional(),
  action: z.string().max(64).optional(),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  /** A registration, user or event id. */
  target: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorRole: z.string().nullable(),
  /** The API token the actor acted through (its name then); null: a session. */
  actorToken: z.string().nullable(),
  action: z.string(),
  registrationId: z.string().nullable(),
  userId: z.string().nullable(),
  eventId: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  // Names, read when the trail is read (its rows hold ids only, so they outlive an erasure): null
  // when the row names no such thing, or it is gone.
  actorName: z.string().nullable(),
  /** The registration's person, while the registration exists. */
  registrationName: z.string().nullable(),
  registrationCode: z.string().nullable(),
  /** The row names a registration that no longer exists (erased or deleted): its name is not known any more. */
  registrationGone: z.boolean(),
  /** The event named, or the registration's. */
  eventName: z.string().nullable(),
  /** The staff account acted on (approved, promoted, deleted), while it exists. */
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
});
export type AuditTrailEntry = z.infer<typeof auditEntrySchema>;
export const auditResponse = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditResponse = z.infer<typeof auditResponse>;

// ---------------------------------------------------------------- on a registration, for staff

export const registrationPrivacySchema = z.object({
  privacyNoticeVersion: z.number().int().nullable(),
  consentedAt: z.string().nullable(),
  consentDataProcessing: z.boolean(),
  consentPhotoScouting: z.boolean(),
  /** May be shown to the agency's clients (issue 36). */
  consentClientSharing: z.boolean(),
  guardianName: z.string().nullable(),
  guardianEmail: z.string().nullable(),
  guardianStatus: z.enum(GUARDIAN_STATUSES),
  guardianDecidedAt: z.string().nullable(),
  retentionKeep: z.boolean(),
});
export type RegistrationPrivacy = z.infer<typeof registrationPrivacySchema>;
