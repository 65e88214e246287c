/**
 * buildApp(deps) → a ready-to-listen Fastify instance. It never listens: main.ts does, tests inject.
 */
import { randomUUID } from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { isPublicVisitorPath } from "@common/public-paths";
import type { Config } from "./config";
import type { AppContext } from "./context";
import type { Database } from "./db/client";
import { registerAccessControl, type RouteAccess } from "./http/access";
import { registerApiDocs } from "./http/api-docs";
import { registerCsrfCheck } from "./http/csrf";
import { frameworkError, registerErrorHandling } from "./http/error-handler";
import { registerInputGuard } from "./http/input-guard";
import { registerLanguage } from "./http/language";
import { registerSecurityHeaders } from "./http/security-headers";
import { registerSpa } from "./http/spa";
import { createAuth } from "./modules/accounts/auth.config";
import { authRoutes } from "./modules/accounts/auth.routes";
import { sessionRoutes } from "./modules/accounts/session.routes";
import { campaignsRoutes } from "./modules/campaigns/campaigns.routes";
import { createSessionResolver } from "./modules/accounts/session.resolver";
import { registerRobots } from "./http/robots";
import { mailboxRoutes } from "./modules/mailbox/mailbox.routes";
import { usersRoutes } from "./modules/accounts/users.routes";
import { panelRoutes } from "./modules/panel/panel.routes";
import { publicRoutes } from "./modules/public/public.routes";
import { eventsRoutes } from "./modules/events/events.routes";
import { registrationsRoutes } from "./modules/registrations/registrations.routes";
import { settingsRoutes, systemRoutes } from "./modules/system/system.routes";

export interface AppDeps {
  config: Config;
  database: Database;
  /** Folder of the built web app (dist/web); omitted in API tests. */
  webRoot?: string | undefined;
  logger?: FastifyServerOptions["logger"];
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every /api route with its declared access, for the authorisation matrix. */
    routeAccess: RouteAccess[];
    ctx: AppContext;
  }
}

export type App = FastifyInstance;

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? {
      level: config.logLevel,
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    },
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    forceCloseConnections: "idle",
    return503OnClosing: true,
    frameworkErrors: frameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  await registerLanguage(app);
  registerErrorHandling(app);
  registerInputGuard(app);

  const servedOverHttps = new URL(config.publicUrl).protocol === "https:";
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Only when the app is served over https: over plain http a browser would ask for an
        // https that does not answer.
        upgradeInsecureRequests: servedOverHttps ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Likewise: HSTS over plain http is ignored at best, and locks a browser out of a later http.
    strictTransportSecurity: servedOverHttps,
  });
  await app.register(rateLimit, { global: false });

  await app.register(swagger, {
    openapi: {
      info: { title: "OpenCall API", version: "1.0.0", description: "Scouting events and model registrations." },
    },
    transform: jsonSchemaTransform,
  });

  const auth = createAuth(config, database.db, app.log);
  const getUser = createSessionResolver(auth);
  await registerApiDocs(app, config.apiDocs, getUser, { servedOverHttps });
  const ctx: AppContext = { config, database, db: database.db, auth, getUser };
  const routeAccess = registerAccessControl(app, getUser);
  registerCsrfCheck(app, config.publicUrl);

  await app.register(async (api) => {
    const zodApi = api.withTypeProvider<ZodTypeProvider>();
    await systemRoutes(zodApi, ctx);
    await settingsRoutes(zodApi, ctx);
    await authRoutes(api, ctx);
    await sessionRoutes(zodApi, ctx);
    await mailboxRoutes(zodApi, ctx);
    await usersRoutes(zodApi, ctx);
    await publicRoutes(zodApi, ctx);
    await campaignsRoutes(zodApi, ctx);
    await eventsRoutes(zodApi, ctx);
    await registrationsRoutes(zodApi, ctx);
    await panelRoutes(zodApi, ctx);
  });

  registerRobots(app);
  await registerSpa(app, deps.webRoot, [{ file: "public.html", matches: isPublicVisitorPath }]);

  app.decorate("routeAccess", routeAccess);
  app.decorate("ctx", ctx);
  return app;
}
