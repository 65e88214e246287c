import { t } from "@common/i18n";
import { publicSettingsSchema } from "@common/schemas/settings";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../context";
import { AppError } from "../../errors";

export async function systemRoutes(app: ZodApp, { database }: AppContext): Promise<void> {
  app.get(
    "/api/health",
    {
      config: { access: "public" },
      schema: { tags: ["system"], summary: "Liveness", response: { 200: z.object({ status: z.literal("ok") }) } },
    },
    async () => ({ status: "ok" as const }),
  );

  app.get(
    "/api/ready",
    {
      config: { access: "public" },
      schema: {
        tags: ["system"],
        summary: "Readiness: the database answers",
        response: { 200: z.object({ status: z.literal("ready"), database: z.enum(["pglite", "pg"]) }) },
      },
    },
    async (request) => {
      try {
        await database.ping();
      } catch (error) {
        request.log.error({ err: error }, "readiness check failed");
        throw new AppError(503, "service_unavailable", t("common.errors.databaseUnreachable"));
      }
      return { status: "ready" as const, database: database.kind };
    },
  );
}

/** What the web app needs to know of the configuration; nothing secret. */
export async function settingsRoutes(app: ZodApp, { config }: AppContext): Promise<void> {
  app.get(
    "/api/public/settings",
    {
      config: { access: "public" },
      schema: { tags: ["system"], summary: "Public settings", response: { 200: publicSettingsSchema } },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=60");
      return {
        contactEmail: config.contactEmail,
        staffSignup: config.staffSignup,
        agencyEmailDomain: config.agencyEmailDomain,
      };
    },
  );
}
