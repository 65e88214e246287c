import { useT } from "@web/lib/language";
import type { PrivacySettings } from "@common/schemas/privacy";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@web/components/ui/button";
import { Field } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { useSaveSettings } from "../api/privacy-admin";

/** How long personal data is kept (the superadmin's). */
export function RetentionSettings({ settings }: { settings: PrivacySettings }) {
  const t = useT();
  const save = useSaveSettings();
  const [months, setMonths] = useState(String(settings.retentionMonths));
  const [days, setDays] = useState(String(settings.outboxRetentionDays));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { retentionMonths: Number(months), outboxRetentionDays: Number(days) },
      { onSuccess: () => toast.success(t("privacy.admin.saved")) },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2 sm:items-end">
      <Field id="retention-months" label={t("privacy.admin.retentionMonths")}>
        <Input id="retention-months" type="number" min={1} max={120} value={months} onChange={(e) => setMonths(e.target.value)} />
      </Field>
      <Field id="outbox-days" label={t("privacy.admin.outboxDays")}>
        <Input id="outbox-days" type="number" min={1} max={3650} value={days} onChange={(e) => setDays(e.target.value)} />
      </Field>
      {save.isError ? <p className="text-sm text-destructive sm:col-span-2">{save.error.message}</p> : null}
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {t("privacy.admin.save")}
      </Button>
    </form>
  );
}
