import { useT } from "@web/lib/language";
import type { ProfileStatus } from "@common/constants";
import type { Role } from "@common/permissions";
import { Badge } from "@web/components/ui/badge";

/** docs/product.md §2 "Dashboard shell": yellow for superadmin, red for admin, blue for member. */
export const ROLE_TONE = { superadmin: "yellow", admin: "red", member: "blue", viewer: "neutral" } as const satisfies Record<
  Role,
  string
>;

export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  const t = useT();
  return (
    <Badge tone={ROLE_TONE[role]} className={className}>
      {t(`dashboard.roles.${role}`)}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: ProfileStatus }) {
  const t = useT();
  return <Badge tone={status === "approved" ? "green" : "neutral"}>{t(`accounts.users.status.${status}`)}</Badge>;
}
