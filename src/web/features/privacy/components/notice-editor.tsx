import { useLanguage } from "@web/lib/language";
import { formatDateTimeFor } from "@common/dates-language";
import type { PrivacyNotice } from "@common/schemas/privacy";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@web/components/ui/button";
import { Field } from "@web/components/ui/field";
import { Textarea } from "@web/components/ui/input";
import { usePublishNotice } from "../api/privacy-admin";

/** The superadmin publishes a new version of the notice (older ones are kept). */
export function NoticeEditor({ notice }: { notice: PrivacyNotice }) {
  const { language, t } = useLanguage();
  const publish = usePublishNotice();
  const [textEs, setTextEs] = useState(notice.textEs);
  const [textEn, setTextEn] = useState(notice.textEn);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!textEs.trim() || !textEn.trim()) return setError(t("privacy.admin.noticeRequired"));
    setError(undefined);
    publish.mutate(
      { textEs, textEn },
      { onSuccess: (saved) => toast.success(t("privacy.admin.published", { version: saved.version })) },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {t("privacy.admin.noticeCurrent", { version: notice.version, date: formatDateTimeFor(language, notice.publishedAt) })}
      </p>
      <Field id="notice-es" label={t("privacy.admin.noticeEs")} error={error}>
        <Textarea id="notice-es" rows={6} value={textEs} onChange={(e) => setTextEs(e.target.value)} />
      </Field>
      <Field id="notice-en" label={t("privacy.admin.noticeEn")}>
        <Textarea id="notice-en" rows={6} value={textEn} onChange={(e) => setTextEn(e.target.value)} />
      </Field>
      <Button type="submit" className="justify-self-start" disabled={publish.isPending}>
        {t("privacy.admin.publish")}
      </Button>
    </form>
  );
}
