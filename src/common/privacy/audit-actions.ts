/**
 * What the audit trail records (issue 18, ADR 016): every staff action on, and every staff view of,
 * personal data, and every erasure. One list, read by the server (audit.record.ts), the audit page's
 * filter and its labels (privacy.actions.* in the catalogue), and the test that walks each one.
 */
export const AUDIT_ACTIONS = [
  // Views
  "registration.view",
  "registration.photo_view",
  "registration.related_view",
  "registration.check_in_preview",
  "registrations.check_in_search",
  "event.waitlist_view",
  // Changes
  "event.waitlist_remove",
  "registration.edit",
  "registration.photo_replace",
  "registration.photo_remove",
  "registration.stage_change",
  "registration.tags_change",
  "registration.panel_score",
  "registration.check_in",
  "registration.keep",
  "registration.delete",
  "registration.erase",
  // Data leaving the product
  "registration.export",
  "registrations.export_csv",
  "campaign.send",
  // Staff accounts and the privacy settings
  "user.role_change",
  "user.approve",
  "user.delete",
  "privacy.notice_publish",
  "privacy.settings_change",
  // The system
  "retention.erase",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
