/**
 * The one database schema (PGlite and PostgreSQL alike), one file per area. Row types come from
 * here ($inferSelect).
 */
import type { RegistrantFieldName, RegistrantValues } from "@common/registrant/fields";
import { type users } from "./accounts";
import { type scoutingEvents, type eventTimeslots } from "./events";
import { type modelRegistrations } from "./registrations";
import { type emailCampaigns, type emailCampaignRecipients, type outboxMessages } from "./mail";
import { type photos, type storageDeletions } from "./photos";
import { type waitlistEntries } from "./waitlist";
import { type auditLog, type privacyNotices } from "./privacy";
import { type trackedLinks } from "./links";

export * from "./accounts";
export * from "./events";
export * from "./registrations";
export * from "./mail";
export * from "./photos";
export * from "./panel";
export * from "./waitlist";
export * from "./privacy";
export * from "./agency";
export * from "./links";

export type UserRow = typeof users.$inferSelect;
export type ScoutingEventRow = typeof scoutingEvents.$inferSelect;
export type EventTimeslotRow = typeof eventTimeslots.$inferSelect;
export type ModelRegistrationRow = typeof modelRegistrations.$inferSelect;
export type EmailCampaignRow = typeof emailCampaigns.$inferSelect;
export type EmailCampaignRecipientRow = typeof emailCampaignRecipients.$inferSelect;
export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;
export type StorageDeletionRow = typeof storageDeletions.$inferSelect;
export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
export type PrivacyNoticeRow = typeof privacyNotices.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type TrackedLinkRow = typeof trackedLinks.$inferSelect;

/**
 * Every registrant field of @common/registrant/fields is a column of model_registrations, of the
 * type the field gives it (null where the field is optional): a new field without its column, or a
 * column of another type, fails to compile here.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type RegistrantColumnsMatchFields = Holds<
  Same<Pick<ModelRegistrationRow, RegistrantFieldName>, Required<RegistrantValues>>
>;
export * from "./tokens";
export * from "./webhooks";
export * from "./casting-day";
export * from "./callbacks";
export * from "./selections";
