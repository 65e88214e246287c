import { t } from "@common/i18n";
import { publicSettingsSchema } from "@common/schemas/settings";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../context";
import { AppError } from "../../errors";

export async function systemRoutes(app: ZodApp, { database }: AppContext): Promise<void> {
  // Health checks come every few seconds from every proxy: not logged at info (warnings still are).
  app.get(
    "/api/health",
    {
      logLevel: "warn",
      config: { access: "public" },
      schema: { tags: ["system"], summary: "Liveness", response: { 200: z.object({ status: z.literal("ok") }) } },
    },
    async () => ({ status: "ok" as const }),
  );

  app.get(
    "/api/ready",
    {
      logLevel: "warn",
      config: { access: "public" },
      schema: {
        tags: ["system"],
        summary: "Readiness: the database answers and every committed migration is applied",
        response: { 200: z.object({ status: z.literal("ready"), database: z.enum(["pglite", "pg"]) }) },
      },
    },
    async (request) => {
      let pending: number;
      try {
        await database.ping();
        pending = await database.pendingMigrations();
      } catch (error) {
        request.log.error({ err: error }, "readiness check failed");
        throw new AppError(503, "service_unavailable", t("common.errors.databaseUnreachable"));
      }
      if (pending > 0) {
        request.log.warn({ pending }, "not ready: migrations pending");
        throw new AppError(503, "service_unavailable", t("common.errors.migrationsPending"));
      }
      return { status: "ready" as const, database: database.kind };
    },
  );
}

/** What the web app needs to know of the configuration; nothing secret. */
export async function settingsRoutes(app: ZodApp, { config, agency }: AppContext): Promise<void> {
  app.get(
    "/api/public/settings",
    {
      config: { access: "public" },
      schema: { tags: ["system"], summary: "Public settings", response: { 200: publicSettingsSchema } },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=60");
      return {
        // The agency's (issue 32): CONTACT_EMAIL until a superadmin saves its own.
        contactEmail: (await agency.current()).contactEmail,
        staffSignup: config.staffSignup,
        agencyEmailDomain: config.agencyEmailDomain,
        publicUrl: config.publicUrl.replace(/\/$/, ""),
      };
    },
  );
}
