import { AUDIT_ACTIONS, AUDIT_KINDS, auditActionsOf, type AuditKind } from "@common/privacy/audit-actions";
import { useState, type FormEvent } from "react";
import { Button } from "@web/components/ui/button";
import { Field } from "@web/components/ui/field";
import { Input, NativeSelect } from "@web/components/ui/input";
import { useT } from "@web/lib/language";

const FILTERS = ["actor", "action", "from", "to", "target"] as const;

export const kindOf = (params: URLSearchParams): AuditKind | undefined => {
  const kind = params.get("kind");
  return (AUDIT_KINDS as readonly string[]).includes(kind ?? "") ? (kind as AuditKind) : undefined;
};

/** The kinds of actions, one press away (issue 32): all, views, changes, data leaving, accounts, the system. */
export function AuditKindFilter({ params, onApply }: { params: URLSearchParams; onApply: (next: URLSearchParams) => void }) {
  const t = useT();
  const current = kindOf(params);
  const choose = (kind: AuditKind | undefined) => {
    const next = new URLSearchParams(params);
    next.delete("page");
    // An action of another kind would leave nothing to show.
    next.delete("action");
    if (kind) next.set("kind", kind);
    else next.delete("kind");
    onApply(next);
  };
  return (
    <div role="group" aria-label={t("privacy.admin.auditKind")} className="flex flex-wrap gap-2">
      {[undefined, ...AUDIT_KINDS].map((kind) => (
        <Button
          key={kind ?? "all"}
          size="sm"
          variant={current === kind ? "default" : "outline"}
          aria-pressed={current === kind}
          onClick={() => choose(kind)}
        >
          {kind ? t(`privacy.kinds.${kind}`) : t("privacy.admin.auditAll")}
        </Button>
      ))}
    </div>
  );
}

/** The other filters, kept in the address (so a filtered view can be shared between superadmins). */
export function AuditFilters({ params, onApply }: { params: URLSearchParams; onApply: (next: URLSearchParams) => void }) {
  const t = useT();
  const [draft, setDraft] = useState(() => Object.fromEntries(FILTERS.map((key) => [key, params.get(key) ?? ""])));
  const set = (key: string, value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const kind = kindOf(params);
  const actions = kind ? auditActionsOf(kind) : AUDIT_ACTIONS;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(Object.entries(draft).filter(([, value]) => value.trim() !== ""));
    if (kind) next.set("kind", kind);
    onApply(next);
  };
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-6 lg:items-end">
      <Field id="audit-actor" label={t("privacy.admin.auditActor")}>
        <Input id="audit-actor" value={draft.actor} onChange={(e) => set("actor", e.target.value)} />
      </Field>
      <Field id="audit-action" label={t("privacy.admin.auditAction")}>
        <NativeSelect id="audit-action" value={draft.action} onChange={(e) => set("action", e.target.value)}>
          <option value="">{t("privacy.admin.auditAll")}</option>
          {actions.map((action) => (
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
