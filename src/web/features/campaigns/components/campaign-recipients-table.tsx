import { useLanguage, useT } from "@web/lib/language";
import { isRecipientFailureReason, type CampaignRecipient } from "@common/schemas/campaigns";
import { formatDateTimeFor } from "@common/dates-language";
import { EmailAddress } from "@web/components/email-address";
import { cn } from "@web/lib/cn";
import { RecipientStatusBadge } from "./campaign-status-badge";

interface CampaignRecipientsTableProps {
  recipients: CampaignRecipient[];
  /** The registration to highlight (a jump from a registration's row). */
  highlightedRegistrationId?: string | null | undefined;
}

export function CampaignRecipientsTable({ recipients, highlightedRegistrationId }: CampaignRecipientsTableProps) {
  const { language, t } = useLanguage();
  const failureText = (message: string) =>
    isRecipientFailureReason(message) ? t(`campaigns.recipientErrors.${message}`) : message;
  if (recipients.length === 0) {
    return <p className="py-4 text-sm text-muted-foreground">{t("campaigns.history.noRecipients")}</p>;
  }
  return (
    <div className="overflow-x-auto rounded-md border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("campaigns.history.recipients")}</caption>
        <RecipientsHead />
        <tbody>
          {recipients.map((recipient) => {
            const highlighted = !!highlightedRegistrationId && recipient.registrationId === highlightedRegistrationId;
            const date = recipient.readAt ?? recipient.sentAt;
            const dateText = date ? formatDateTimeFor(language, date) : "—";
            return (
              <tr
                key={recipient.id}
                data-highlighted={highlighted || undefined}
                aria-current={highlighted ? "true" : undefined}
                className={cn(
                  "border-t border-border transition-colors duration-500",
                  highlighted && "bg-primary/15 outline-2 -outline-offset-2 outline-primary",
                )}
              >
                <td className="px-3 py-2">
                  <span className="font-medium">{recipient.fullName}</span>
                  {/* Narrow screens: the e-mail under the name instead of a column of its own. An
                      address wraps at its dots and @ when it cannot fit on its line. */}
                  <EmailAddress
                    address={recipient.email}
                    className="block text-xs text-muted-foreground sm:hidden"
                    data-testid="recipient-email"
                  />
                </td>
                <td className="hidden px-3 py-2 sm:table-cell">
                  <EmailAddress address={recipient.email} />
                </td>
                <td className="px-3 py-2">
                  <RecipientStatusBadge status={recipient.status} />
                  {/* Written out, not a hover tooltip: a phone has no hover (issue 32). */}
                  {recipient.status === "failed" && recipient.errorMessage ? (
                    <span className="mt-1 block text-xs wrap-break-word text-muted-foreground" data-testid="recipient-failure">
                      {t("campaigns.history.failureReason", { reason: failureText(recipient.errorMessage) })}
                    </span>
                  ) : null}
                  <span
                    className="mt-1 block whitespace-nowrap text-xs text-muted-foreground sm:hidden"
                    data-testid="recipient-time"
                  >
                    {dateText}
                  </span>
                </td>
                <td className="hidden px-3 py-2 whitespace-nowrap text-muted-foreground sm:table-cell">{dateText}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function RecipientsHead() {
  const t = useT();
  return (
    <thead className="bg-muted/60 text-xs uppercase text-muted-foreground">
      <tr>
        <th scope="col" className="px-3 py-2 font-medium">
          {t("campaigns.history.columns.name")}
        </th>
        <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
          {t("campaigns.history.columns.email")}
        </th>
        <th scope="col" className="px-3 py-2 font-medium">
          {t("campaigns.history.columns.status")}
        </th>
        <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
          {t("campaigns.history.columns.date")}
        </th>
      </tr>
    </thead>
  );
}
