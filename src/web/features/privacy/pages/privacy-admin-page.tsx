import { useLanguage } from "@web/lib/language";
import { formatDateFor } from "@common/dates-language";
import { can, useSession } from "@web/features/accounts";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader } from "@web/components/ui/card";
import { PageHeader } from "@web/components/ui/page-header";
import { Loading } from "@web/components/ui/spinner";
import { useKeep, useNotice, usePrivacySettings, useRetentionPreview } from "../api/privacy-admin";
import { NoticeEditor } from "../components/notice-editor";
import { RetentionSettings } from "../components/retention-settings";

/** What the next retention run would erase, each person keepable (admins). */
function RetentionPreviewList() {
  const { language, t } = useLanguage();
  const preview = useRetentionPreview();
  const keep = useKeep();
  if (preview.isPending) return <Loading text={t("privacy.notice.loading")} />;
  if (preview.isError) return <p className="text-destructive">{preview.error.message}</p>;
  const { items } = preview.data;
  if (items.length === 0) return <p>{t("privacy.admin.previewEmpty")}</p>;
  return (
    <div className="grid gap-2">
      <p className="font-medium">{t("privacy.admin.previewTitle", { count: items.length })}</p>
      <ul className="grid gap-1 text-sm">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 border-b py-1">
            <span>
              <span className="font-mono">{item.registrationCode}</span> · {item.eventName} (
              {formatDateFor(language, item.eventDate)})
            </span>
            <Button size="sm" variant="outline" disabled={keep.isPending} onClick={() => keep.mutate(item.id)}>
              {t("privacy.admin.keep")}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /dashboard/admin/privacy: the notice and the retention settings (superadmin), the next run's preview (admins). */
export function PrivacyAdminPage() {
  const { t } = useLanguage();
  const session = useSession();
  const superadmin = can(session.data, "privacy.manage");
  const notice = useNotice();
  const settings = usePrivacySettings(superadmin);
  return (
    <div className="grid gap-4">
      <PageHeader title={t("privacy.admin.privacyTitle")} className="mb-2" />
      {superadmin ? (
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold">{t("privacy.admin.noticeTitle")}</h2>
          </CardHeader>
          <CardContent>
            {notice.data ? (
              <NoticeEditor key={notice.data.version} notice={notice.data} />
            ) : (
              <Loading text={t("privacy.notice.loading")} />
            )}
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">{t("privacy.admin.retentionTitle")}</h2>
        </CardHeader>
        <CardContent className="grid gap-6">
          {superadmin && settings.data ? <RetentionSettings settings={settings.data} /> : null}
          <RetentionPreviewList />
        </CardContent>
      </Card>
    </div>
  );
}

export const Component = PrivacyAdminPage;
