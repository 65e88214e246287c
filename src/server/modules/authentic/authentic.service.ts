/**
 * "¿Es real este casting?" (issue 39, docs/product.md "Is this casting real?"): the check of a
 * pasted link, code or message, and the report of a suspicious one.
 */
import { isLanguage } from "@common/i18n";
import { authenticSite, eventShortPath } from "@common/public-paths";
import type { AuthenticCheckResponse } from "@common/schemas/authentic";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { enqueueEmails } from "../../mail/outbox";
import { authenticReportEmail } from "./authentic.emails";
import { formTokenAccepted } from "./authentic.form-token";
import { findCandidates } from "./authentic.parse";
import { createAuthenticRepository, type FoundEvent } from "./authentic.repository";

export function createAuthenticService({ db, config }: { db: Db; config: Config }) {
  const repository = createAuthenticRepository(db);
  const eventOf = (event: FoundEvent) => ({
    name: event.eventName,
    date: event.eventDate,
    url: `${config.publicUrl}${eventShortPath(event.slug)}`,
  });

  return {
    /**
     * Genuine, with its event, when the text holds one of the agency's links or codes; not ours
     * otherwise. The lookup runs whole whatever was found in the text, so an unknown code takes
     * the time a known one does, and a registration code answers its event, never its person.
     */
    async check(text: string): Promise<AuthenticCheckResponse> {
      const event = await repository.findEvent(findCandidates(text, config.publicUrl));
      return event ? { verdict: "genuine", event: eventOf(event) } : { verdict: "not_ours" };
    },

    upcomingEvents: async (today: string) => (await repository.upcomingEvents(today)).map(eventOf),

    /** A report from the page, to every admin's mailbox and e-mail; a bot's is dropped unsaid. */
    async report(
      input: { message: string; contact?: string | undefined; website?: string | undefined; formToken?: string | undefined },
      log: FastifyBaseLogger,
      now = new Date(),
    ): Promise<void> {
      if (input.website || !formTokenAccepted(config, input.formToken, now)) {
        log.warn(
          { honeypot: Boolean(input.website) },
          "authentic report without a fresh form token or with the honeypot; dropped",
        );
        return;
      }
      const admins = await repository.admins();
      const site = authenticSite(config.publicUrl);
      await enqueueEmails(
        db,
        admins.map((admin) => ({
          kind: "authentic_report" as const,
          to: admin.email,
          ...authenticReportEmail(isLanguage(admin.language) ? admin.language : "es-AR", {
            message: input.message,
            contact: input.contact || null,
            site,
          }),
        })),
      );
      log.info({ admins: admins.length }, "authentic report sent to the admins");
    },
  };
}

export type AuthenticService = ReturnType<typeof createAuthenticService>;
