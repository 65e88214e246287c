/**
 * Who may do what, defined once (issue 33, ADR 021): the staff roles and the table of capabilities
 * each role holds. The server's routes declare the capability they need (src/server/http/access.ts),
 * the replies leave out what a hiding capability covers (photos, contacts), the session reply lists
 * the caller's capabilities and the web asks `can(…)`. docs/permissions.md prints this table.
 *
 * Adding a role: its name here (and in the rows it holds), its label in the catalogue
 * (`dashboard.roles.<role>`), and a migration for the users table's CHECK (`npm run db:generate`).
 */

/** The staff roles, from the one who may do least to the one who may do most. */
export const ROLES = ["viewer", "member", "admin", "superadmin"] as const;
export type Role = (typeof ROLES)[number];

interface CapabilityRow {
  /** What it allows, in the domain's words (docs/permissions.md). */
  summary: string;
  roles: readonly Role[];
}

const all = ROLES;

export const CAPABILITIES = {
  "events.read": { summary: "Read events and their timeslots", roles: all },
  "registrations.read": {
    summary: "Read registrations, their tags, stage and the panel's average",
    roles: all,
  },
  "photos.see": { summary: "See registrants' photos (hidden from replies without it)", roles: ["member", "admin", "superadmin"] },
  "contacts.see": {
    summary: "See e-mail, phone, Instagram, birth date and guardian data (hidden from replies without it)",
    roles: ["member", "admin", "superadmin"],
  },
  "panel.score": { summary: "Give one's own panel score and note, tag registrations", roles: ["member", "admin", "superadmin"] },
  "registrations.rate": { summary: "Rate, like and mark attended (the official review)", roles: ["admin", "superadmin"] },
  "registrations.stage": { summary: "Move registrations between stages", roles: ["admin", "superadmin"] },
  "registrations.edit": {
    summary: "Edit a registration, its photos, resend its verification e-mail",
    roles: ["member", "admin", "superadmin"],
  },
  "registrations.delete": {
    summary: "Delete and erase registrations, keep them from retention, preview retention",
    roles: ["admin", "superadmin"],
  },
  "registrations.export": { summary: "Export the CSV and a person's data", roles: ["admin", "superadmin"] },
  "waitlist.read": { summary: "Read an event's waiting list", roles: ["member", "admin", "superadmin"] },
  "campaigns.read": { summary: "Read e-mail campaigns and who received them", roles: ["member", "admin", "superadmin"] },
  "campaigns.send": { summary: "Send e-mail campaigns", roles: ["admin", "superadmin"] },
  "selections.manage": {
    summary: "Build selections of registrants for a client, share them through expiring links, see the client's picks",
    roles: ["admin", "superadmin"],
  },
  "events.manage": { summary: "Create and edit events, offer and remove waiting-list spots", roles: ["admin", "superadmin"] },
  "callbacks.manage": {
    summary: "Invite registrants to a callback, read the invitations' answers, remind those who did not answer",
    roles: ["admin", "superadmin"],
  },
  "tags.manage": { summary: "Create, rename and delete tags", roles: ["admin", "superadmin"] },
  "checkins.perform": { summary: "Check people in at the door, read arrivals", roles: ["member", "admin", "superadmin"] },
  "queue.call": {
    summary: "Call the casting day's line from a room: call, recall, mark seen or absent; watch the line",
    roles: ["member", "admin", "superadmin"],
  },
  "castingday.manage": {
    summary: "Make and revoke door passes and venue screen keys, print the walk-in poster",
    roles: ["admin", "superadmin"],
  },
  "checkins.override": {
    summary: "Let in a minor whose guardian has not decided, with a reason",
    roles: ["admin", "superadmin"],
  },
  "users.manage": { summary: "List and approve accounts, set viewer or member on non-admins", roles: ["admin", "superadmin"] },
  "admins.manage": { summary: "Create admins, delete accounts, set any role but superadmin", roles: ["superadmin"] },
  "audit.read": { summary: "Read the audit trail", roles: ["superadmin"] },
  "mailbox.read": { summary: "Read the development mailbox", roles: ["admin", "superadmin"] },
  "privacy.manage": { summary: "Manage privacy settings and notices", roles: ["superadmin"] },
  "agency.manage": { summary: "Manage the agency's settings", roles: ["superadmin"] },
  "tokens.manage": {
    summary: "Create, list and revoke API tokens (each holding some of one's own capabilities)",
    roles: ["admin", "superadmin"],
  },
  "webhooks.manage": {
    summary: "Register webhook endpoints, read and resend their deliveries, rotate their secrets",
    roles: ["admin", "superadmin"],
  },
} as const satisfies Record<string, CapabilityRow>;

export type Capability = keyof typeof CAPABILITIES;
export const CAPABILITY_NAMES = Object.keys(CAPABILITIES) as Capability[];

/** Who may call a route: anyone ("public"), or an approved account holding this capability. */
export type Access = "public" | Capability;

export function roleCan(role: Role, capability: Capability): boolean {
  return (CAPABILITIES[capability].roles as readonly Role[]).includes(role);
}

/** A superadmin counts as approved whatever its status (docs/product.md §4). */
export function isApproved(profile: { role: Role; status: string }): boolean {
  return profile.role === "superadmin" || profile.status === "approved";
}

/**
 * Whoever calls the API: an account, and when it calls through an API token (issue 37), what that
 * token was given.
 */
export interface Caller {
  role: Role;
  status: string;
  token?: { permissions: readonly string[] } | null | undefined;
}

/**
 * Whether `caller` holds `capability`: an approved account whose role holds it, and, through a
 * token, only what the token was given too (a token never holds more than its maker does now).
 */
export function callerHolds(caller: Caller, capability: Capability): boolean {
  return (
    isApproved(caller) && roleCan(caller.role, capability) && (!caller.token || caller.token.permissions.includes(capability))
  );
}

/** The capabilities of a caller: none until its account is approved. */
export function permissionsOf(caller: Caller): Capability[] {
  return CAPABILITY_NAMES.filter((capability) => callerHolds(caller, capability));
}

/**
 * The roles a caller may give (PUT /api/users/:id/role), asked through `can`: with admins.manage
 * any role that does not manage admins (never superadmin); with users.manage only roles that do not
 * manage users (viewer, member). A caller changes only accounts whose current role it may give.
 */
export function assignableRoles(can: (capability: Capability) => boolean): Role[] {
  if (can("admins.manage")) return ROLES.filter((role) => !roleCan(role, "admins.manage"));
  if (can("users.manage")) return ROLES.filter((role) => !roleCan(role, "users.manage"));
  return [];
}

/** An account nobody may delete, approve or change the role of (a superadmin). */
export function isProtectedAccount(role: Role): boolean {
  return roleCan(role, "admins.manage");
}
