/**
 * Configuration: the only reader of process.env. Parsed with zod at start; a wrong value stops the
 * start with a message naming the variable.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseAddressList } from "./lib/address-list";
import { shownValue } from "./lib/without-credentials";
import { dkimFromEnv, dkimProblems, type DkimConfig } from "./mail/dkim";
import { parseStorageUrl, type StorageConfig } from "./storage/storage-config";

export type { S3StorageConfig, StorageConfig } from "./storage/storage-config";
export { parseStorageUrl } from "./storage/storage-config";

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);
const port = z.coerce.number().int().min(0).max(65535);

/** A comma-separated list of addresses and CIDR ranges, checked entry by entry. */
const addressList = z.string().transform((value, ctx) => {
  try {
    return parseAddressList(value);
  } catch (error) {
    ctx.addIssue({ code: "custom", message: (error as Error).message });
    return z.NEVER;
  }
});

/** Whom X-Forwarded-For is believed from: nobody, the nearest N hops, or these proxies. */
export type TrustProxy = false | number | string[];

const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  const trimmed = value.trim().toLowerCase();
  if (trimmed === "" || trimmed === "off" || trimmed === "false") return false;
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    if (hops < 1 || hops > 10) ctx.addIssue({ code: "custom", message: "a hop count must be between 1 and 10" });
    return hops;
  }
  try {
    return parseAddressList(value);
  } catch (error) {
    ctx.addIssue({ code: "custom", message: `${(error as Error).message} (use off, a hop count, or addresses/CIDRs)` });
    return z.NEVER;
  }
});

const envSchema = z
  .object({
    NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(["development", "production", "test"]).default("development")),
    LOG_FORMAT: z.preprocess(emptyAsUndefined, z.enum(["json", "pretty"]).optional()),
    TRUST_PROXY: z.preprocess(emptyAsUndefined, trustProxy.optional()),
    METRICS_ALLOW: z.preprocess(emptyAsUndefined, addressList.optional()),
    LOG_LEVEL: z.preprocess(
      emptyAsUndefined,
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    ),
    PORT: z.preprocess(emptyAsUndefined, port.default(3000)),
    HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default("127.0.0.1")),
    PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
    DATABASE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default("./data")),
    SMTP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
    MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().min(3).default("OpenCall <no-reply@localhost>")),
    MAIL_RATE_PER_SECOND: z.preprocess(emptyAsUndefined, z.coerce.number().positive().max(10_000).default(50)),
    MAIL_MAX_ATTEMPTS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(50).default(8)),
    DKIM_DOMAIN: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/i, "must be a domain name such as agency.com")
        .optional(),
    ),
    DKIM_SELECTOR: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9-]*$/i, "must be a selector such as mail2026")
        .optional(),
    ),
    DKIM_PRIVATE_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    DKIM_PRIVATE_KEY_FILE: z.preprocess(emptyAsUndefined, z.string().optional()),
    MAIL_SEND_LEASE_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(86_400).default(120)),
    AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, "must be at least 32 characters long").optional()),
    AGENCY_EMAIL_DOMAIN: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/i, "must be a domain name such as agency.com")
        .default("example.com"),
    ),
    CONTACT_EMAIL: z.preprocess(emptyAsUndefined, z.email().default("contacto@example.com")),
    SUPERADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),
    SUPERADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(10, "must be at least 10 characters long").optional()),
    STAFF_SIGNUP: z.preprocess(emptyAsUndefined, z.enum(["open", "closed"]).default("open")),
    VERIFICATION_TTL_HOURS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(720).default(48)),
    WAITLIST_HOLD_HOURS: z.preprocess(emptyAsUndefined, z.coerce.number().positive().max(720).default(12)),
    REMINDER_HOURS_BEFORE: z.preprocess(emptyAsUndefined, z.coerce.number().positive().max(720).default(24)),
    PUBLIC_REGISTRATION_RATE_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(120)),
    SIGN_IN_RATE_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(20)),
    SHUTDOWN_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).default(10_000)),
    API_DOCS: z.preprocess(emptyAsUndefined, z.enum(["off", "staff", "public"]).optional()),
    WEBHOOK_ALLOWED_HOSTS: z.preprocess(emptyAsUndefined, z.string().optional()),
    STORAGE_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^(s3|file):/, "must start with s3:// or file: (e.g. s3://bucket?region=eu-west-1)")
        .optional(),
    ),
    S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().min(3).optional()),
    S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
    AWS_ENDPOINT_URL_S3: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
    S3_REGION: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
    AWS_REGION: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
    S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, z.enum(["true", "false"]).optional()),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "is required when NODE_ENV=production" });
    }
    if (env.STORAGE_URL) {
      try {
        parseStorageUrl(env.STORAGE_URL, "/");
      } catch (error) {
        ctx.addIssue({ code: "custom", path: ["STORAGE_URL"], message: (error as Error).message });
      }
    }
    for (const [name, problem] of dkimProblems(env)) ctx.addIssue({ code: "custom", path: [name], message: problem });
    if (env.SUPERADMIN_PASSWORD && !env.SUPERADMIN_EMAIL) {
      ctx.addIssue({ code: "custom", path: ["SUPERADMIN_EMAIL"], message: "is required with SUPERADMIN_PASSWORD" });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  logLevel: Env["LOG_LEVEL"];
  /** JSON lines (production, log collectors) or pino-pretty's readable lines (development). */
  logFormat: "json" | "pretty";
  /** Fastify's trustProxy: whose X-Forwarded-For gives the client's address (TRUST_PROXY). */
  trustProxy: TrustProxy;
  /** Addresses and ranges allowed to read /metrics (METRICS_ALLOW); empty: /metrics is a 404 for all. */
  metricsAllow: string[];
  port: number;
  host: string;
  /** Origin without a trailing slash, e.g. http://localhost:3000 */
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailRatePerSecond: number;
  /** Sending attempts of one message before it is marked failed. */
  mailMaxAttempts: number;
  /** A message left "sending" this long (its worker died mid-send) is queued again. */
  mailSendLeaseSeconds: number;
  /** The agency's DKIM key: every message is signed with it (DKIM_*); unset, mail goes unsigned. */
  dkim: DkimConfig | undefined;
  authSecret: string;
  agencyEmailDomain: string;
  contactEmail: string;
  superadmin: { email: string; password: string | undefined } | undefined;
  staffSignup: "open" | "closed";
  verificationTtlHours: number;
  /** How long a waiting-list offer holds its spot (issue 19). */
  waitlistHoldHours: number;
  /** How long before a slot starts its registrants are reminded (issue 19). */
  reminderHoursBefore: number;
  publicRegistrationRateLimit: number;
  /** Sign-in, sign-up and two-factor attempts accepted per IP address per minute. */
  signInRateLimit: number;
  shutdownTimeoutMs: number;
  /**
   * Who may read the API's documentation at /api/docs: nobody, signed-in staff, or anyone. Off by
   * default in production (it maps every route for an attacker), public elsewhere.
   */
  apiDocs: ApiDocs;
  /**
   * Hosts (`name` or `name:port`, as a URL writes them) webhooks may reach although they are
   * internal: an agency's own system on its private network. Empty: none (issue 37).
   */
  webhookAllowedHosts: string[];
  /** Where photos are kept: files under DATA_DIR/storage, or an S3-compatible bucket. */
  storage: StorageConfig;
}

export type ApiDocs = "off" | "staff" | "public";

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses the environment (`terminal`: the output is a terminal). Throws ConfigError naming every wrong variable. */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  terminal: boolean = process.stdout.isTTY === true,
): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? "configuration");
        const value = source[name];
        return `${name}: ${issue.message}${value === undefined ? "" : shownValue(name, value)}`;
      }),
    );
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    logLevel: env.LOG_LEVEL,
    // Readable lines for a person at a terminal in development; JSON for anything that reads the output.
    logFormat: env.LOG_FORMAT ?? (env.NODE_ENV === "development" && terminal ? "pretty" : "json"),
    trustProxy: env.TRUST_PROXY ?? false,
    metricsAllow: env.METRICS_ALLOW ?? [],
    port: env.PORT,
    host: env.HOST,
    publicUrl: new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailRatePerSecond: env.MAIL_RATE_PER_SECOND,
    mailMaxAttempts: env.MAIL_MAX_ATTEMPTS,
    mailSendLeaseSeconds: env.MAIL_SEND_LEASE_SECONDS,
    dkim: dkimFromEnv(env),
    authSecret: env.AUTH_SECRET ?? developmentSecret(dataDir),
    agencyEmailDomain: env.AGENCY_EMAIL_DOMAIN.toLowerCase(),
    contactEmail: env.CONTACT_EMAIL,
    superadmin: env.SUPERADMIN_EMAIL
      ? { email: env.SUPERADMIN_EMAIL.toLowerCase(), password: env.SUPERADMIN_PASSWORD }
      : undefined,
    staffSignup: env.STAFF_SIGNUP,
    verificationTtlHours: env.VERIFICATION_TTL_HOURS,
    waitlistHoldHours: env.WAITLIST_HOLD_HOURS,
    reminderHoursBefore: env.REMINDER_HOURS_BEFORE,
    publicRegistrationRateLimit: env.PUBLIC_REGISTRATION_RATE_LIMIT,
    signInRateLimit: env.SIGN_IN_RATE_LIMIT,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    apiDocs: env.API_DOCS ?? (env.NODE_ENV === "production" ? "off" : "public"),
    webhookAllowedHosts: (env.WEBHOOK_ALLOWED_HOSTS ?? "")
      .split(",")
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    storage: storageConfig(env, dataDir),
  };
}

function storageConfig(env: Env, dataDir: string): StorageConfig {
  if (env.STORAGE_URL) return parseStorageUrl(env.STORAGE_URL, dataDir);
  if (env.S3_BUCKET) {
    const endpoint = env.S3_ENDPOINT ?? env.AWS_ENDPOINT_URL_S3;
    return {
      kind: "s3",
      bucket: env.S3_BUCKET,
      prefix: "",
      endpoint,
      region: env.S3_REGION ?? env.AWS_REGION ?? "us-east-1",
      forcePathStyle: (env.S3_FORCE_PATH_STYLE ?? (endpoint ? "true" : "false")) === "true",
      credentials: undefined,
    };
  }
  return { kind: "disk", dir: path.join(dataDir, "storage") };
}

/** Loads `.env` from the working directory into the environment, if there is one. */
export function loadEnvFile(file = ".env"): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** Outside production a secret is generated once into DATA_DIR, so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
