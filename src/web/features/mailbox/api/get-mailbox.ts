import type { MailboxList } from "@common/schemas/mailbox";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@web/lib/api";

async function getMailbox(page: number, pageSize: number, signal?: AbortSignal): Promise<MailboxList> {
  return api<MailboxList>(`/api/dev/mailbox?page=${page}&pageSize=${pageSize}`, { signal });
}

export const mailboxQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ["mailbox", "list", { page, pageSize }],
    queryFn: ({ signal }) => getMailbox(page, pageSize, signal),
    placeholderData: keepPreviousData,
    // New mail shows up by itself while a developer follows a flow in another tab.
    refetchInterval: 5000,
  });

export function useMailbox(page: number, pageSize: number) {
  return useQuery(mailboxQueryOptions(page, pageSize));
}
