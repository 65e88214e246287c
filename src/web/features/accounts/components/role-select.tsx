import { assignableRoles, type Role } from "@common/permissions";
import type { Profile } from "@common/schemas/accounts";
import { useId } from "react";
import { toast } from "sonner";
import { NativeSelect } from "@web/components/ui/input";
import { ApiError } from "@web/lib/api";
import { useT } from "@web/lib/language";
import { useSetUserRole } from "../api/set-user-role";
import { useCan } from "../can";
import { RoleBadge } from "./role-badge";

/**
 * A staff account's role (issue 33): a labelled selector of the roles the signed-in user may give,
 * on accounts whose role they may change; the badge otherwise.
 */
export function RoleSelect({ user, self }: { user: Profile; self: boolean }) {
  const t = useT();
  const can = useCan();
  const setRole = useSetUserRole();
  const selectId = useId();
  const roles = assignableRoles(can);
  if (self || !roles.includes(user.role)) return <RoleBadge role={user.role} />;
  const change = (role: Role) =>
    setRole.mutate(
      { id: user.id, role },
      {
        onSuccess: () =>
          toast.success(t("accounts.users.roleChanged", { email: user.email, role: t(`dashboard.roles.${role}`) })),
        onError: (error) =>
          toast.error(
            error instanceof ApiError && error.code === "email_not_verified"
              ? t("accounts.users.roleNeedsVerifiedEmail")
              : error instanceof ApiError && error.status === 403
                ? t("accounts.users.roleNotAllowed")
                : t("accounts.users.roleChangeFailed"),
          ),
      },
    );
  return (
    <span className="flex items-center gap-2">
      <label htmlFor={selectId} className="text-xs text-muted-foreground">
        {t("accounts.users.columns.role")}
      </label>
      <NativeSelect
        id={selectId}
        aria-label={t("accounts.users.roleLabel", { email: user.email })}
        className="h-8 w-auto py-0 text-xs"
        value={user.role}
        disabled={setRole.isPending}
        onChange={(event) => change(event.target.value as Role)}
      >
        {roles.map((role) => (
          <option key={role} value={role}>
            {t(`dashboard.roles.${role}`)}
          </option>
        ))}
      </NativeSelect>
    </span>
  );
}
