/**
 * What route modules receive from the app: its dependencies, passed explicitly (no container), and
 * the Fastify instance type they register on. Kept apart from app.ts so that modules do not import
 * the file that imports them.
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { SharedCounter } from "./lib/shared-limits";
import type { Auth } from "./modules/accounts/auth.config";
import type { CampaignMessageWriter } from "./modules/campaigns/campaigns.queue";
import type { AgencyService } from "./modules/agency/agency.service";
import type { SessionUser } from "./modules/accounts/session.resolver";
import type { QueueStreams } from "./modules/queue/queue.stream";
import type { ObjectStore } from "./storage/storage";

export interface AppContext {
  config: Config;
  database: Database;
  db: Database["db"];
  auth: Auth;
  /**
   * The caller of a request: its API token's maker (issue 37), its door pass (issue 35) or its
   * session's user; null: nobody.
   */
  getUser: (request: FastifyRequest) => Promise<SessionUser | null>;
  /** The staff session's user alone, whatever token or pass the request carries: better-auth's endpoints act on it. */
  getSessionUser: (request: FastifyRequest) => Promise<SessionUser | null>;
  /** Where photos' files are kept (DATA_DIR or an S3-compatible store). */
  storage: ObjectStore;
  /** Counters shared by every process through the database (rate limits, locks). */
  limits: SharedCounter;
  /** Writes stored campaigns' messages to the outbox in the background (`idle()` waits for it). */
  campaignMessages: CampaignMessageWriter;
  /** The agency's identity (issue 32), one reader per app so a change is seen by every page at once. */
  agency: AgencyService;
  /** The casting day line's live streams in this process (issue 35): one LISTEN, shared reads. */
  queueStreams: QueueStreams;
}

/** The instance route modules register on: zod schemas type params, body and replies. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
