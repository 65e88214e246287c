import { useLanguage } from "@web/lib/language";
import { formatDateTimeFor } from "@common/dates-language";
import { useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Field } from "@web/components/ui/field";
import { Input, NativeSelect } from "@web/components/ui/input";
import { PageHeader } from "@web/components/ui/page-header";
import { Loading } from "@web/components/ui/spinner";
import { useAudit } from "../api/privacy-admin";
import { AUDIT_ACTIONS, type AuditAction } from "@common/privacy/audit-actions";

const FILTERS = ["actor", "action", "from", "to", "target"] as const;
const PAGE_SIZE = 50;

/** The filters, kept in the address (so a filtered view can be shared between superadmins). */
function AuditFilters({ params, onApply }: { params: URLSearchParams; onApply: (next: URLSearchParams) => void }) {
  const { t } = useLanguage();
  const [draft, setDraft] = useState(() => Object.fromEntries(FILTERS.map((key) => [key, params.get(key) ?? ""])));
  const set = (key: string, value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(new URLSearchParams(Object.entries(draft).filter(([, value]) => value.trim() !== "")));
  };
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-6 lg:items-end">
      <Field id="audit-actor" label={t("privacy.admin.auditActor")}>
        <Input id="audit-actor" value={draft.actor} onChange={(e) => set("actor", e.target.value)} />
      </Field>
      <Field id="audit-action" label={t("privacy.admin.auditAction")}>
        <NativeSelect id="audit-action" value={draft.action} onChange={(e) => set("action", e.target.value)}>
          <option value="">{t("privacy.admin.auditAll")}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`privacy.actions.${action}`)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="audit-from" label={t("privacy.admin.auditFrom")}>
        <Input id="audit-from" type="date" value={draft.from} onChange={(e) => set("from", e.target.value)} />
      </Field>
      <Field id="audit-to" label={t("privacy.admin.auditTo")}>
        <Input id="audit-to" type="date" value={draft.to} onChange={(e) => set("to", e.target.value)} />
      </Field>
      <Field id="audit-target" label={t("privacy.admin.auditTarget")}>
        <Input id="audit-target" value={draft.target} onChange={(e) => set("target", e.target.value)} />
      </Field>
      <Button type="submit">{t("privacy.admin.filter")}</Button>
    </form>
  );
}

/** /dashboard/admin/audit: who did what to whose data (the superadmin's; others are told they may not). */
export function AuditPage() {
  const { language, t } = useLanguage();
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
      <AuditFilters params={params} onApply={setParams} />
      {audit.isPending ? (
        <Loading text={t("privacy.notice.loading")} />
      ) : audit.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{audit.error.message}</AlertDescription>
        </Alert>
      ) : audit.data.items.length === 0 ? (
        <p>{t("privacy.admin.auditEmpty")}</p>
      ) : (
        <Card className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("privacy.admin.auditTitle")}>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b">
                {(["auditWhen", "auditActor", "auditAction", "auditTarget", "auditIp", "auditDetails"] as const).map((key) => (
                  <th key={key} scope="col" className="p-2 font-medium">
                    {t(`privacy.admin.${key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {audit.data.items.map((entry) => (
                <tr key={entry.id} className="border-b align-top">
                  <td className="p-2 whitespace-nowrap">{formatDateTimeFor(language, entry.at)}</td>
                  <td className="p-2">{entry.actorEmail ?? entry.actorId ?? t("privacy.admin.system")}</td>
                  <td className="p-2">
                    {(AUDIT_ACTIONS as readonly string[]).includes(entry.action)
                      ? t(`privacy.actions.${entry.action as AuditAction}`)
                      : entry.action}
                  </td>
                  <td className="p-2 font-mono text-xs break-all">
                    {entry.registrationId ?? entry.userId ?? entry.eventId ?? ""}
                  </td>
                  <td className="p-2 font-mono text-xs">{entry.ip ?? ""}</td>
                  <td className="p-2 font-mono text-xs break-all">{JSON.stringify(entry.details)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <div className="flex items-center justify-end gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
          {t("privacy.admin.previous")}
        </Button>
        <span className="text-sm tabular-nums">
          {page} / {pages}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
          {t("privacy.admin.next")}
        </Button>
      </div>
    </div>
  );
}

export const Component = AuditPage;
