import { useLanguage, useT } from "@web/lib/language";
import { formatDateTimeFor } from "@common/dates-language";
import { isProtectedAccount } from "@common/permissions";
import type { Profile } from "@common/schemas/accounts";
import { Check, ShieldCheck } from "lucide-react";
import { useId } from "react";
import { toast } from "sonner";
import { Alert, AlertDescription, AlertTitle } from "@web/components/ui/alert";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Loading } from "@web/components/ui/spinner";
import { ApiError } from "@web/lib/api";
import { useSettings } from "@web/lib/settings";
import { useApproveUser } from "../api/approve-user";
import { useSession } from "../api/get-session";
import { useUsers } from "../api/get-users";
import { CreateAdminForm } from "../components/create-admin-form";
import { DeleteUserDialog } from "../components/delete-user-dialog";
import { StatusBadge } from "../components/role-badge";
import { RoleSelect } from "../components/role-select";
import { can } from "../can";

function ApproveButton({ user }: { user: Profile }) {
  const t = useT();
  const approve = useApproveUser();
  const noteId = useId();
  // The server refuses it (409 email_not_verified): say why beside the button instead of offering it.
  const unverified = !user.emailVerified;
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button
        size="sm"
        aria-label={t("accounts.users.approveLabel", { email: user.email })}
        aria-describedby={unverified ? noteId : undefined}
        disabled={approve.isPending || unverified}
        onClick={() =>
          approve.mutate(user.id, {
            onSuccess: () => toast.success(t("accounts.users.approved", { email: user.email })),
            onError: (error) =>
              toast.error(
                error instanceof ApiError && error.code === "email_not_verified"
                  ? t("accounts.users.approveUnverified")
                  : t("accounts.users.approveFailed"),
              ),
          })
        }
      >
        <Check aria-hidden="true" />
        {approve.isPending ? t("accounts.users.approving") : t("accounts.users.approve")}
      </Button>
      {unverified ? (
        <p id={noteId} className="max-w-64 text-xs text-muted-foreground sm:text-right">
          {t("accounts.users.waitingForVerification")}
        </p>
      ) : null}
    </div>
  );
}

function UserRow({ user, canDelete, self }: { user: Profile; canDelete: boolean; self: boolean }) {
  const { t, language } = useLanguage();
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="user-row">
      <div className="grid min-w-0 gap-1">
        <p className="flex items-center gap-2 font-medium">
          <span className="truncate">{user.fullName}</span>
          {user.twoFactorEnabled ? (
            <ShieldCheck className="size-4 shrink-0 text-success" role="img" aria-label={t("accounts.security.twoFactorTitle")} />
          ) : null}
        </p>
        <p className="truncate text-sm text-muted-foreground">{user.email}</p>
        <div className="flex flex-wrap items-center gap-2">
          <RoleSelect user={user} self={self} />
          <StatusBadge status={user.status} />
          {user.emailVerified ? null : <Badge tone="outline">{t("accounts.users.emailNotVerified")}</Badge>}
          <span className="text-xs text-muted-foreground">
            {t("accounts.users.columns.created")}: {formatDateTimeFor(language, user.createdAt)}
          </span>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        {user.status === "pending" && !isProtectedAccount(user.role) ? <ApproveButton user={user} /> : null}
        {canDelete && !isProtectedAccount(user.role) ? <DeleteUserDialog user={user} /> : null}
      </div>
    </li>
  );
}

/** /dashboard/admin/users (docs/product.md §2 User management screen). */
export function UsersPage() {
  const t = useT();
  const session = useSession();
  const settings = useSettings();
  const users = useUsers();
  const managesAdmins = can(session.data, "admins.manage");

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t("accounts.users.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("accounts.users.subtitle")}</p>
      </div>
      {managesAdmins && settings.data ? <CreateAdminForm domain={settings.data.agencyEmailDomain} /> : null}
      {users.isPending ? <Loading text={t("accounts.users.loading")} /> : null}
      {users.isError ? (
        <Alert variant="destructive">
          <AlertTitle>{t("accounts.users.loadError")}</AlertTitle>
          <AlertDescription className="flex flex-wrap items-center gap-3">
            <span>{users.error.message}</span>
            <Button size="sm" variant="outline" onClick={() => void users.refetch()}>
              {t("common.retry")}
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      {users.data?.length === 0 ? <p className="text-muted-foreground">{t("accounts.users.empty")}</p> : null}
      {users.data && users.data.length > 0 ? (
        <Card>
          <ul className="divide-y" aria-label={t("accounts.users.title")}>
            {users.data.map((user) => (
              <UserRow key={user.id} user={user} canDelete={managesAdmins} self={user.id === session.data?.id} />
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}

export const Component = UsersPage;
