import { useSearchParams } from "react-router";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { PageHeader } from "@web/components/ui/page-header";
import { Loading } from "@web/components/ui/spinner";
import { useT } from "@web/lib/language";
import { useAudit } from "../api/privacy-admin";
import { AuditEntry } from "../components/audit-entry";
import { AuditFilters, AuditKindFilter } from "../components/audit-filters";

const PAGE_SIZE = 50;

/** /dashboard/admin/audit: who did what to whose data (the superadmin's; others are told they may not). */
export function AuditPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const search = new URLSearchParams(params);
  search.set("pageSize", String(PAGE_SIZE));
  const audit = useAudit(search.toString());
  const goTo = (next: number) => {
    const copy = new URLSearchParams(params);
    copy.set("page", String(next));
    setParams(copy);
  };
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / PAGE_SIZE)) : 1;
  return (
    <div className="grid gap-4">
      <PageHeader title={t("privacy.admin.auditTitle")} className="mb-2" />
      <AuditKindFilter params={params} onApply={setParams} />
      {/* A new kind resets the action: the form starts again from the address. */}
      <AuditFilters key={params.get("kind") ?? ""} params={params} onApply={setParams} />
      {audit.isPending ? (
        <Loading text={t("privacy.notice.loading")} />
      ) : audit.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{audit.error.message}</AlertDescription>
        </Alert>
      ) : audit.data.items.length === 0 ? (
        <p>{t("privacy.admin.auditEmpty")}</p>
      ) : (
        <Card className="p-0">
          <ol aria-label={t("privacy.admin.auditTitle")}>
            {audit.data.items.map((entry) => (
              <AuditEntry key={entry.id} entry={entry} />
            ))}
          </ol>
        </Card>
      )}
      <nav aria-label={t("registrations.pagination.label")} className="flex items-center justify-end gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
          {t("privacy.admin.previous")}
        </Button>
        <span className="text-sm tabular-nums">{t("privacy.admin.auditPage", { page, pages })}</span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
          {t("privacy.admin.next")}
        </Button>
      </nav>
    </div>
  );
}

export const Component = AuditPage;
