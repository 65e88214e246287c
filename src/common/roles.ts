import type { ProfileStatus, Role } from "./constants";

/** Who may call a route: anyone, or a signed-in approved account of at least this role. */
export type Access = "public" | Role;

const RANK: Record<Role, number> = { member: 1, admin: 2, superadmin: 3 };

export function hasRole(role: Role, minimum: Role): boolean {
  return RANK[role] >= RANK[minimum];
}

/** A superadmin counts as approved whatever its status (SPEC.md §4). */
export function isApproved(profile: { role: Role; status: ProfileStatus }): boolean {
  return profile.role === "superadmin" || profile.status === "approved";
}

export function isAdmin(role: Role): boolean {
  return hasRole(role, "admin");
}
