import type { OutboxStatus } from "@common/schemas/mailbox";
import { mailbox as mailboxTexts } from "@common/texts/mailbox";
import { Badge } from "@web/components/ui/badge";

const TONE = { pending: "neutral", sending: "blue", sent: "green", failed: "red", undelivered: "yellow" } as const;

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  return <Badge tone={TONE[status]}>{mailboxTexts.statuses[status]}</Badge>;
}
