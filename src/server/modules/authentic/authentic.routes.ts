/**
 * /api/public/authentic (issue 39): is a link, a code or a message the agency's, and the report of
 * a suspicious one. Public, rate-limited per client address as the other public forms are.
 */
import {
  authenticCheckResponse,
  authenticCheckSchema,
  authenticReportResponse,
  authenticReportSchema,
} from "@common/schemas/authentic";
import type { AppContext, ZodApp } from "../../context";
import { createAuthenticService } from "./authentic.service";

export async function authenticRoutes(app: ZodApp, { db, config }: AppContext): Promise<void> {
  const service = createAuthenticService({ db, config });

  app.post(
    "/api/public/authentic",
    {
      bodyLimit: 32 * 1024,
      // As the registration form: a whole venue may share one address, and a guess finds an event at most.
      config: { access: "public", rateLimit: { max: config.publicRegistrationRateLimit, timeWindow: "1 minute" } },
      schema: {
        tags: ["public"],
        summary: "Is this link, registration code or message code the agency's? The same answer shape for anything unknown",
        body: authenticCheckSchema,
        response: { 200: authenticCheckResponse },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.check(request.body.text);
    },
  );

  app.post(
    "/api/public/authentic/report",
    {
      bodyLimit: 32 * 1024,
      config: {
        access: "public",
        // As the privacy request: each report is an e-mail to every admin.
        rateLimit: { max: Math.max(3, Math.ceil(config.publicRegistrationRateLimit / 10)), timeWindow: "10 minutes" },
      },
      schema: {
        tags: ["public"],
        summary: "Report a suspicious message to the agency's admins (mailbox and e-mail)",
        body: authenticReportSchema,
        response: { 202: authenticReportResponse },
      },
    },
    async (request, reply) => {
      await service.report(request.body, request.log);
      return reply.status(202).send({ received: true as const });
    },
  );
}
