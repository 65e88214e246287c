/**
 * What the audit trail records (issue 18, ADR 016): every staff action on, and every staff view of,
 * personal data, and every erasure. One list, read by the server (audit.record.ts), the audit page's
 * filters and its labels (privacy.actions.* and privacy.kinds.* in the catalogue), and the test that
 * walks each one. Each action is of one kind, the audit page's first filter (issue 32).
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
  /** An admin let in a minor whose guardian had not approved (issue 32); `details.reason` is theirs. */
  "registration.check_in_override",
  "registration.keep",
  "registration.delete",
  "registration.erase",
  /** The casting day's line (issue 35): a room called the person, called them again, saw them, or marked them absent. */
  "queue.call",
  "queue.recall",
  "queue.seen",
  "queue.absent",
  /** A registrant invited to a callback (issue 36), one row each; `eventId` the callback, `details.invitationId`. */
  "callback.invite",
  /** The one reminder to an invited person who has not answered. */
  "callback.remind",
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
  /** The agency's name, contact address, web site or logo (issue 32). */
  "agency.settings_change",
  /** An API token made or revoked (issue 37); `details.tokenId`, and the capabilities it was given. */
  "token.create",
  "token.revoke",
  /** A webhook endpoint registered, changed (address, events, on/off), deleted or given a new secret (issue 37). */
  "webhook.create",
  "webhook.update",
  "webhook.delete",
  "webhook.rotate_secret",
  /** A venue screen's key made or revoked (issue 35); `details.displayKeyId` and its name. */
  "display_key.create",
  "display_key.delete",
  // A selection shown to a client (issue 36): a link made or revoked by staff (`details.share`: the
  // client's name, the share's name), and the client's own openings and photos seen, with no actor
  // and the client's address.
  "selection.share",
  "selection.share_revoke",
  "selection.client_view",
  "selection.client_photo_view",
  /** A volunteer's door pass made or revoked (issue 35); `details.pass` its name, and when it expires. */
  "door_pass.create",
  "door_pass.delete",
  // The system
  "retention.erase",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of actions, the order the audit page offers them in. */
export const AUDIT_KINDS = ["view", "change", "export", "account", "system"] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** Each action's kind: an action added to the list does not compile until it has one. */
export const AUDIT_ACTION_KINDS: Record<AuditAction, AuditKind> = {
  "registration.view": "view",
  "registration.photo_view": "view",
  "registration.related_view": "view",
  "registration.check_in_preview": "view",
  "registrations.check_in_search": "view",
  "event.waitlist_view": "view",
  "event.waitlist_remove": "change",
  "registration.edit": "change",
  "registration.photo_replace": "change",
  "registration.photo_remove": "change",
  "registration.stage_change": "change",
  "registration.tags_change": "change",
  "registration.panel_score": "change",
  "registration.check_in": "change",
  "registration.check_in_override": "change",
  "registration.keep": "change",
  "registration.delete": "change",
  "registration.erase": "change",
  "queue.call": "change",
  "queue.recall": "change",
  "queue.seen": "change",
  "queue.absent": "change",
  "callback.invite": "change",
  "callback.remind": "change",
  "registration.export": "export",
  "registrations.export_csv": "export",
  "campaign.send": "export",
  "user.role_change": "account",
  "user.approve": "account",
  "user.delete": "account",
  "privacy.notice_publish": "account",
  "privacy.settings_change": "account",
  "agency.settings_change": "account",
  "token.create": "account",
  "token.revoke": "account",
  "webhook.create": "account",
  "webhook.update": "account",
  "webhook.delete": "account",
  "webhook.rotate_secret": "account",
  "display_key.create": "account",
  "display_key.delete": "account",
  "selection.share": "export",
  "selection.share_revoke": "account",
  "selection.client_view": "view",
  "selection.client_photo_view": "view",
  "door_pass.create": "account",
  "door_pass.delete": "account",
  "retention.erase": "system",
};

export const auditActionsOf = (kind: AuditKind): AuditAction[] =>
  AUDIT_ACTIONS.filter((action) => AUDIT_ACTION_KINDS[action] === kind);

export const isAuditAction = (action: string): action is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(action);
