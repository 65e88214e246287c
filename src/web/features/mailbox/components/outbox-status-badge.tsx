import { useT } from "@web/lib/language";
import type { OutboxStatus } from "@common/schemas/mailbox";
import { Badge } from "@web/components/ui/badge";

const TONE = { pending: "neutral", sending: "blue", sent: "green", failed: "red", undelivered: "yellow" } as const;

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  const t = useT();
  return <Badge tone={TONE[status]}>{t(`mailbox.statuses.${status}`)}</Badge>;
}
