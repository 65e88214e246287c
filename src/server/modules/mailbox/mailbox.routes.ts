import { mailboxListQuery, mailboxListResponse, mailboxMessage, mailboxMessageParams } from "@common/schemas/mailbox";
import type { AppContext, ZodApp } from "../../context";
import { errors } from "../../errors";
import { createMailboxRepository } from "./mailbox.repository";
import { createMailboxService } from "./mailbox.service";

export async function mailboxRoutes(app: ZodApp, { db, config }: AppContext): Promise<void> {
  const mailbox = createMailboxService({ repository: createMailboxRepository(db), smtpConfigured: Boolean(config.smtpUrl) });

  app.get(
    "/api/dev/mailbox",
    {
      config: { access: "mailbox.read" },
      schema: {
        tags: ["mailbox"],
        summary: "Every outbox message, newest first (the development mailbox and delivery log)",
        querystring: mailboxListQuery,
        response: { 200: mailboxListResponse },
      },
    },
    async (request) => mailbox.list(request.query.page, request.query.pageSize),
  );

  app.get(
    "/api/dev/mailbox/:id",
    {
      config: { access: "mailbox.read" },
      schema: {
        tags: ["mailbox"],
        summary: "One outbox message with its bodies and delivery outcome",
        params: mailboxMessageParams,
        response: { 200: mailboxMessage },
      },
    },
    async (request) => {
      if (!request.user) throw errors.unauthenticated();
      return mailbox.get(request.params.id, request.user);
    },
  );
}
