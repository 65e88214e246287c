import type { CampaignRecipient } from "@common/schemas/campaigns";
import { formatDateTimeEsAr } from "@common/dates";
import { campaigns as texts } from "@common/texts/campaigns";
import { Tooltip } from "@web/components/ui/tooltip";
import { cn } from "@web/lib/cn";
import { RecipientStatusBadge } from "./campaign-status-badge";

interface CampaignRecipientsTableProps {
  recipients: CampaignRecipient[];
  /** The registration to highlight (a jump from a registration's row). */
  highlightedRegistrationId?: string | null | undefined;
}

export function CampaignRecipientsTable({ recipients, highlightedRegistrationId }: CampaignRecipientsTableProps) {
  if (recipients.length === 0) {
    return <p className="py-4 text-sm text-muted-foreground">{texts.history.noRecipients}</p>;
  }
  const { columns } = texts.history;
  return (
    <div className="overflow-x-auto rounded-md border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{texts.history.recipients}</caption>
        <thead className="bg-muted/60 text-xs uppercase text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {columns.name}
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
              {columns.email}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {columns.status}
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
              {columns.date}
            </th>
          </tr>
        </thead>
        <tbody>
          {recipients.map((recipient) => {
            const highlighted = !!highlightedRegistrationId && recipient.registrationId === highlightedRegistrationId;
            const date = recipient.readAt ?? recipient.sentAt;
            const dateText = date ? formatDateTimeEsAr(date) : "—";
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
                      address breaks only when it cannot fit on its line, never mid-word by default. */}
                  <span className="block text-xs text-muted-foreground wrap-anywhere sm:hidden" data-testid="recipient-email">
                    {recipient.email}
                  </span>
                </td>
                <td className="hidden px-3 py-2 wrap-anywhere sm:table-cell">{recipient.email}</td>
                <td className="px-3 py-2">
                  {recipient.status === "failed" && recipient.errorMessage ? (
                    <Tooltip content={recipient.errorMessage}>
                      <button
                        type="button"
                        className="cursor-help rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                        aria-label={`${texts.recipientStatus.failed}. ${texts.history.failureReason}: ${recipient.errorMessage}`}
                      >
                        <RecipientStatusBadge status={recipient.status} />
                      </button>
                    </Tooltip>
                  ) : (
                    <RecipientStatusBadge status={recipient.status} />
                  )}
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
