import type { MailboxMessage } from "@common/schemas/mailbox";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";

async function getMailboxMessage(id: string, signal?: AbortSignal): Promise<MailboxMessage> {
  return api<MailboxMessage>(`/api/dev/mailbox/${encodeURIComponent(id)}`, { signal });
}

export const mailboxMessageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["mailbox", "message", id],
    queryFn: ({ signal }) => getMailboxMessage(id, signal),
    retry: (count, error) => count < 1 && !("status" in error && error.status === 404),
  });

export function useMailboxMessage(id: string) {
  return useQuery(mailboxMessageQueryOptions(id));
}
