import { useLanguage, useT } from "@web/lib/language";
import { formatDateTimeFor } from "@common/dates-language";
import { linksIn } from "@common/links";
import type { MailboxMessage } from "@common/schemas/mailbox";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { PageHeader } from "@web/components/ui/page-header";
import { Loading } from "@web/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { ApiError } from "@web/lib/api";
import { useMailboxMessage } from "../api/get-mailbox-message";
import { mailKindLabel } from "../components/mail-kind";
import { OutboxStatusBadge } from "../components/outbox-status-badge";
import { htmlPreviewDocument } from "@web/lib/html-preview";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-sm">{children}</dd>
    </div>
  );
}

/** A timestamp in the staff member's language. */
function Moment({ value }: { value: string }) {
  const { language } = useLanguage();
  return <time dateTime={value}>{formatDateTimeFor(language, value)}</time>;
}

/** The HTML part is sandboxed (its links go nowhere): these are the ones to follow in development. */
function MessageLinks({ links }: { links: string[] }) {
  const t = useT();
  return (
    <section aria-labelledby="mailbox-links" className="grid gap-2">
      <h2 id="mailbox-links" className="text-sm font-semibold">
        {t("mailbox.links")}
      </h2>
      <ul className="grid gap-1">
        {links.map((link) => (
          <li key={link} className="min-w-0">
            <a href={link} rel="noreferrer" className="break-all text-sm text-primary underline-offset-4 hover:underline">
              {link}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MessageView({ message }: { message: MailboxMessage }) {
  const t = useT();
  const links = linksIn(message.textBody);
  return (
    <>
      <PageHeader title={<span className="break-words">{message.subject || t("mailbox.noSubject")}</span>} className="mb-0" />
      <Card>
        <CardContent className="grid gap-6 pt-5 sm:pt-6">
          <dl className="grid gap-3">
            <Detail label={t("mailbox.to")}>{message.toAddress}</Detail>
            <Detail label={t("mailbox.kind")}>{mailKindLabel(t, message.kind)}</Detail>
            <Detail label={t("mailbox.status")}>
              <OutboxStatusBadge status={message.status} />
            </Detail>
            <Detail label={t("mailbox.createdAt")}>
              <Moment value={message.createdAt} />
            </Detail>
            {message.sentAt ? (
              <Detail label={t("mailbox.sentAt")}>
                <Moment value={message.sentAt} />
              </Detail>
            ) : null}
            <Detail label={t("mailbox.attempts")}>{message.attempts}</Detail>
            {message.smtpResponse ? (
              <Detail label={t("mailbox.smtpResponse")}>
                <code className="font-mono text-xs">{message.smtpResponse}</code>
              </Detail>
            ) : null}
            {message.lastError ? (
              <Detail label={t("mailbox.lastError")}>
                <code className="font-mono text-xs text-destructive">{message.lastError}</code>
              </Detail>
            ) : null}
          </dl>

          {links.length > 0 ? <MessageLinks links={links} /> : null}

          {message.linksHidden ? (
            <Alert variant="warning">
              <AlertDescription>{t("mailbox.linksHidden")}</AlertDescription>
            </Alert>
          ) : null}

          <Tabs defaultValue="html" className="grid gap-3">
            <TabsList className="w-fit">
              <TabsTrigger value="html">{t("mailbox.htmlTab")}</TabsTrigger>
              <TabsTrigger value="text">{t("mailbox.textTab")}</TabsTrigger>
            </TabsList>
            <TabsContent value="html">
              {/* sandbox="" : the message's HTML runs no script and gets no access to the app's origin. */}
              <iframe
                title={t("mailbox.htmlFrameTitle")}
                sandbox=""
                srcDoc={htmlPreviewDocument(message.htmlBody)}
                // A preview only, out of the tab order (focus inside it could never be shown): keyboard
                // users read the Texto tab and follow the links listed above.
                tabIndex={-1}
                className="h-[32rem] w-full rounded-md border border-border bg-white"
              />
            </TabsContent>
            <TabsContent value="text">
              <pre className="max-h-[32rem] overflow-auto whitespace-pre-wrap break-words rounded-md border border-border bg-muted p-4 font-mono text-sm">
                {message.textBody}
              </pre>
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </>
  );
}

export function MailboxMessagePage() {
  const t = useT();
  const { id = "" } = useParams();
  const query = useMailboxMessage(id);
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  return (
    <div className="grid gap-4">
      <Button asChild variant="ghost" size="sm" className="w-fit">
        <Link to="/dashboard/admin/mailbox">
          <ArrowLeft aria-hidden="true" />
          {t("mailbox.back")}
        </Link>
      </Button>
      {query.isPending ? (
        <Loading text={t("mailbox.loadingMessage")} />
      ) : query.isError ? (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
            <span>{notFound ? t("mailbox.notFound") : t("mailbox.messageLoadFailed")}</span>
            {notFound ? null : (
              <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                {t("common.retry")}
              </Button>
            )}
          </AlertDescription>
        </Alert>
      ) : (
        <MessageView message={query.data} />
      )}
    </div>
  );
}

export const Component = MailboxMessagePage;
