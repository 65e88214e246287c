import type { ProfileStatus, Role } from "@common/constants";
import { accounts as t } from "@common/texts/accounts";
import { dashboard } from "@common/texts/dashboard";
import { Badge } from "@web/components/ui/badge";

/** SPEC.md §2: yellow for superadmin, red for admin, blue for member. */
const ROLE_TONE = { superadmin: "yellow", admin: "red", member: "blue" } as const;

export function RoleBadge({ role }: { role: Role }) {
  return <Badge tone={ROLE_TONE[role]}>{dashboard.roles[role]}</Badge>;
}

export function StatusBadge({ status }: { status: ProfileStatus }) {
  return <Badge tone={status === "approved" ? "green" : "neutral"}>{t.users.status[status]}</Badge>;
}
