/**
 * buildApp(deps) → a ready-to-listen Fastify instance. It never listens: main.ts does, tests inject.
 */
import { randomUUID } from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { isPublicVisitorPath } from "@common/public-paths";
import type { Config, TrustProxy } from "./config";
import type { AppContext } from "./context";
import type { Database } from "./db/client";
import { registerAccessControl, type RouteAccess } from "./http/access";
import { registerApiDocs } from "./http/api-docs";
import { withCapability } from "./http/api-docs-for-tokens";
import { registerCsrfCheck } from "./http/csrf";
import { frameworkError, registerErrorHandling } from "./http/error-handler";
import { registerInputGuard } from "./http/input-guard";
import { registerLanguage } from "./http/language";
import { registerSecurityHeaders } from "./http/security-headers";
import { inlineScriptHashes } from "./http/inline-assets";
import { registerSpa } from "./http/spa";
import { createMetrics, registerMetrics, type AppMetrics } from "./http/metrics";
import { createSharedCounter, sharedRateLimitStore } from "./lib/shared-limits";
import { createAuth } from "./modules/accounts/auth.config";
import { authRoutes } from "./modules/accounts/auth.routes";
import { sessionRoutes } from "./modules/accounts/session.routes";
import { campaignsRoutes } from "./modules/campaigns/campaigns.routes";
import { createCampaignMessageWriter } from "./modules/campaigns/campaigns.queue";
import { checkInsRoutes } from "./modules/check-ins/check-ins.routes";
import { createSessionResolver } from "./modules/accounts/session.resolver";
import { createCallerResolver } from "./modules/tokens/token.resolver";
import { createDoorPassResolver } from "./modules/door-passes/door-pass.resolver";
import { doorPassesRoutes } from "./modules/door-passes/door-passes.routes";
import { tokensRoutes } from "./modules/tokens/tokens.routes";
import { webhooksRoutes } from "./modules/webhooks/webhooks.routes";
import { selectionsRoutes } from "./modules/selections/selections.routes";
import { selectionsClientRoutes } from "./modules/selections/selections.client.routes";
import { registerRobots } from "./http/robots";
import { mailboxRoutes } from "./modules/mailbox/mailbox.routes";
import { usersRoutes } from "./modules/accounts/users.routes";
import { panelRoutes } from "./modules/panel/panel.routes";
import { publicRoutes } from "./modules/public/public.routes";
import { authenticRoutes } from "./modules/authentic/authentic.routes";
import { createPublicPageRenderer } from "./modules/public/public.pages";
import { shareRoutes } from "./modules/public/share.routes";
import { eventsRoutes } from "./modules/events/events.routes";
import { registrationsRoutes } from "./modules/registrations/registrations.routes";
import { settingsRoutes, systemRoutes } from "./modules/system/system.routes";
import { photosRoutes } from "./modules/photos/photos.routes";
import { manageRoutes } from "./modules/manage/manage.routes";
import { waitlistRoutes } from "./modules/waitlist/waitlist.routes";
import { auditRoutes } from "./modules/audit/audit.routes";
import { privacyRoutes } from "./modules/privacy/privacy.routes";
import { agencyRoutes } from "./modules/agency/agency.routes";
import { linksRoutes } from "./modules/links/links.routes";
import { insightsRoutes } from "./modules/insights/insights.routes";
import { displayKeysRoutes } from "./modules/queue/display-keys.routes";
import { queuePublicRoutes } from "./modules/queue/queue.public.routes";
import { queueRoutes } from "./modules/queue/queue.routes";
import { registerQueueStreams } from "./modules/queue/queue.setup";
import type { StreamLimits } from "./modules/queue/queue.stream";
import { callbacksRoutes } from "./modules/callbacks/callbacks.routes";
import { createAgencyRepository } from "./modules/agency/agency.repository";
import { createAgencyService } from "./modules/agency/agency.service";
import { createObjectStore } from "./storage/create-object-store";
import type { ObjectStore } from "./storage/storage";

export interface AppDeps {
  config: Config;
  database: Database;
  /** Folder of the built web app (dist/web); omitted in API tests. */
  webRoot?: string | undefined;
  /** The public pages' server build (dist/ssr/entry-server.js): without it they render in the browser. */
  ssrEntry?: string | undefined;
  logger?: FastifyServerOptions["logger"];
  /** The object store; made from config.storage when omitted (and then closed with the app). */
  storage?: ObjectStore;
  /** Also export the process's own metrics (CPU, memory, event loop) at /metrics: the server process does. */
  processMetrics?: boolean;
  /** The line's streams' heartbeat and bounds (queue.stream.ts); tests shorten them. */
  streamLimits?: StreamLimits;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every /api route with its declared access, for the authorisation matrix. */
    routeAccess: RouteAccess[];
    ctx: AppContext;
    metrics: AppMetrics;
  }
}

export type App = FastifyInstance;

/** Per-IP limits counted in the database (every process on one PostgreSQL sees the same counts), and /metrics. */
async function registerLimitsAndMetrics(app: FastifyInstance, { config, database, processMetrics }: AppDeps) {
  const limits = createSharedCounter(database.db);
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(limits) });
  const metrics = createMetrics(database, { processMetrics: processMetrics ?? false });
  registerMetrics(app, metrics, config.metricsAllow);
  return { limits, metrics };
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts the nearest N addresses of the chain (the
 * peer and the N-1 entries of X-Forwarded-For nearest to it), whoever the peer is: Fastify's own
 * number option now trusts nothing, so it is passed as a function.
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  return trust;
}

/** Every /api module, in one scope that shares the zod type provider. */
async function registerApiRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const zodApi = api.withTypeProvider<ZodTypeProvider>();
  await systemRoutes(zodApi, ctx);
  await settingsRoutes(zodApi, ctx);
  await authRoutes(api, ctx);
  await sessionRoutes(zodApi, ctx);
  await mailboxRoutes(zodApi, ctx);
  await usersRoutes(zodApi, ctx);
  await publicRoutes(zodApi, ctx);
  await authenticRoutes(zodApi, ctx);
  await campaignsRoutes(zodApi, ctx);
  await eventsRoutes(zodApi, ctx);
  await registrationsRoutes(zodApi, ctx);
  await shareRoutes(zodApi, ctx);
  await photosRoutes(zodApi, ctx);
  await panelRoutes(zodApi, ctx);
  await checkInsRoutes(zodApi, ctx);
  await manageRoutes(zodApi, ctx);
  await waitlistRoutes(zodApi, ctx);
  await privacyRoutes(zodApi, ctx);
  await auditRoutes(zodApi, ctx);
  await agencyRoutes(zodApi, ctx);
  await linksRoutes(zodApi, ctx);
  await insightsRoutes(zodApi, ctx);
  await tokensRoutes(zodApi, ctx);
  await webhooksRoutes(zodApi, ctx);
  await queueRoutes(zodApi, ctx);
  await queuePublicRoutes(zodApi, ctx);
  await displayKeysRoutes(zodApi, ctx);
  await callbacksRoutes(zodApi, ctx);
  await selectionsRoutes(zodApi, ctx);
  await selectionsClientRoutes(zodApi, ctx);
  await doorPassesRoutes(zodApi, ctx);
}

/**
 * The built web app: the public pages (the home page and the landing among them) rendered on the
 * server with their server build, index.html for every other page.
 */
async function registerWebPages(app: FastifyInstance, deps: AppDeps, ctx: AppContext): Promise<void> {
  const renderPublicPage =
    deps.webRoot && deps.ssrEntry
      ? await createPublicPageRenderer(ctx, { webRoot: deps.webRoot, ssrEntry: deps.ssrEntry }, app.log)
      : undefined;
  await registerSpa(app, deps.webRoot, [
    { file: "public.html", matches: isPublicVisitorPath, render: renderPublicPage && ((request) => renderPublicPage(request)) },
  ]);
}

/** Helmet's headers on every reply: the content security policy, and HSTS when served over https. */
function registerHeaders(app: FastifyInstance, servedOverHttps: boolean, webRoot: string | undefined): void {
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The scripts inlined in the public pages (theme, hydration after the first paint;
        // http/inline-assets.ts), by their hashes. 'wasm-unsafe-eval' lets the check-in camera
        // compile its QR decoder (WebAssembly, served from here; ADR 018); it allows no JS eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...inlineScriptHashes(webRoot)],
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
}

/** The caller of a request: its API token's (Bearer), else its door pass's (the cookie), else its staff session's. */
function createCallers(auth: AppContext["auth"], db: AppContext["db"], limits: AppContext["limits"]) {
  const getSessionUser = createSessionResolver(auth, db);
  return { getSessionUser, getUser: createCallerResolver(createDoorPassResolver(getSessionUser, db), { db, limits }) };
}

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
    // The client's address (rate limits, logs, METRICS_ALLOW) from X-Forwarded-For only when the
    // peer is a trusted proxy (TRUST_PROXY); anyone else's header is ignored.
    trustProxy: fastifyTrustProxy(config.trustProxy),
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
  registerHeaders(app, servedOverHttps, deps.webRoot);
  const { limits, metrics } = await registerLimitsAndMetrics(app, deps);

  await app.register(swagger, {
    openapi: {
      info: { title: "OpenCall API", version: "1.0.0", description: "Scouting events and model registrations." },
    },
    // Each operation names the capability its route declares: the token holders' document is chosen by it.
    transform: withCapability(jsonSchemaTransform),
  });

  const auth = createAuth(config, database.db, app.log);
  const callers = createCallers(auth, database.db, limits);
  await registerApiDocs(app, config.apiDocs, callers.getUser, { servedOverHttps });
  const storage = deps.storage ?? createObjectStore(config.storage);
  if (!deps.storage) app.addHook("onClose", async () => storage.close());
  // A campaign's messages are written after its POST has answered: a close waits for the pass running.
  const campaignMessages = createCampaignMessageWriter(database.db, config, app.log);
  app.addHook("onClose", () => campaignMessages.idle());
  // The agency's row mirrors the configuration until a superadmin saves it (ADR 019). A database
  // that cannot be reached now must not stop the app from starting (it answers 503 until it can);
  // the worker and the next start write the row then.
  await createAgencyRepository(database.db)
    .syncDefaults(config)
    .catch((error: unknown) =>
      app.log.warn({ err: error }, "agency: the configuration's defaults were not written; the database did not answer"),
    );
  const agency = createAgencyService({ db: database.db, config });
  const queueStreams = registerQueueStreams(app, database, deps.streamLimits);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    auth,
    ...callers,
    storage,
    limits,
    campaignMessages,
    agency,
    queueStreams,
  };
  const routeAccess = registerAccessControl(app, callers.getUser);
  registerCsrfCheck(app, config.publicUrl);

  await app.register((api) => registerApiRoutes(api, ctx));

  registerRobots(app);
  await registerWebPages(app, deps, ctx);

  app.decorate("routeAccess", routeAccess);
  app.decorate("ctx", ctx);
  app.decorate("metrics", metrics);
  return app;
}
