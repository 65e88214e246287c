import { useLanguage } from "@web/lib/language";
import { formatDateTimeFor } from "@common/dates-language";
import { MAILBOX_PAGE_SIZE } from "@common/schemas/mailbox";
import { ChevronLeft, ChevronRight, Inbox } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { PageHeader } from "@web/components/ui/page-header";
import { Loading } from "@web/components/ui/spinner";
import { useMailbox } from "../api/get-mailbox";
import { mailKindLabel } from "../components/mail-kind";
import { OutboxStatusBadge } from "../components/outbox-status-badge";

export function MailboxPage() {
  const { language, t } = useLanguage();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const query = useMailbox(page, MAILBOX_PAGE_SIZE);
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / MAILBOX_PAGE_SIZE)) : 1;
  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });

  const smtpConfigured = query.data?.smtpConfigured;
  const description =
    smtpConfigured === undefined ? t("mailbox.intro") : smtpConfigured ? t("mailbox.descriptionSmtp") : t("mailbox.description");

  return (
    <div className="grid gap-4">
      <PageHeader title={t("mailbox.title")} description={description} className="mb-2" />

      {query.isPending ? (
        <Loading text={t("mailbox.loading")} />
      ) : query.isError ? (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
            <span>{t("mailbox.loadFailed")}</span>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              {t("common.retry")}
            </Button>
          </AlertDescription>
        </Alert>
      ) : query.data.items.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center text-muted-foreground">
          <Inbox className="size-8" aria-hidden="true" />
          <p>{t("mailbox.empty")}</p>
        </Card>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t("mailbox.total", { count: query.data.total })}
          </p>
          <Card className="overflow-hidden">
            <ul aria-label={t("mailbox.listLabel")} className="divide-y divide-border">
              {query.data.items.map((message) => (
                <li key={message.id}>
                  <Link
                    to={`/dashboard/admin/mailbox/${message.id}`}
                    className="grid gap-1 px-4 py-3 hover:bg-accent focus-visible:bg-accent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4"
                  >
                    <span className="grid min-w-0 gap-0.5">
                      <span className="truncate font-medium">{message.subject || t("mailbox.noSubject")}</span>
                      <span className="truncate text-sm text-muted-foreground">{message.toAddress}</span>
                    </span>
                    <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground sm:justify-end">
                      {/* Its own line part, never cut off by a long address (issue 32). */}
                      <span data-testid="mail-kind">{mailKindLabel(t, message.kind)}</span>
                      <OutboxStatusBadge status={message.status} />
                      <time dateTime={message.createdAt}>{formatDateTimeFor(language, message.createdAt)}</time>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
          {pages > 1 ? (
            <nav aria-label={t("mailbox.paginationLabel")} className="flex flex-wrap items-center justify-between gap-3">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                <ChevronLeft aria-hidden="true" />
                {t("mailbox.previous")}
              </Button>
              <span className="text-sm text-muted-foreground">{t("mailbox.pageOf", { page, pages })}</span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
                {t("mailbox.next")}
                <ChevronRight aria-hidden="true" />
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}

export const Component = MailboxPage;
