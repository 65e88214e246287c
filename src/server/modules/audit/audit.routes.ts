/** GET /api/audit: the audit trail, filtered and paginated, for the superadmin alone (issue 18). */
import { auditQuerySchema, auditResponse } from "@common/schemas/privacy";
import type { AppContext, ZodApp } from "../../context";
import { createAuditRepository } from "./audit.repository";

export async function auditRoutes(app: ZodApp, { db }: AppContext): Promise<void> {
  const audit = createAuditRepository(db);
  app.get(
    "/api/audit",
    {
      config: { access: "audit.read" },
      schema: {
        tags: ["audit"],
        summary: "The audit trail: who did what to whose data, newest first, with the names of each",
        querystring: auditQuerySchema,
        response: { 200: auditResponse },
      },
    },
    async (request) => audit.list(request.query),
  );
}
