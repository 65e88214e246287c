import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";
import { withoutCredentials } from "./lib/without-credentials";

const base = { DATA_DIR: "/tmp/opencall-config-test", AUTH_SECRET: "x".repeat(40) };

describe("configuration", () => {
  it("has working defaults", () => {
    const config = loadConfig(base);
    expect(config.port).toBe(3000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.staffSignup).toBe("open");
    expect(config.verificationTtlHours).toBe(48);
    expect(config.agencyEmailDomain).toBe("example.com");
    expect(config.superadmin).toBeUndefined();
  });

  it("derives PUBLIC_URL from PORT and strips a trailing slash", () => {
    expect(loadConfig({ ...base, PORT: "4100" }).publicUrl).toBe("http://localhost:4100");
    expect(loadConfig({ ...base, PUBLIC_URL: "https://casting.agency.com/" }).publicUrl).toBe("https://casting.agency.com");
  });

  it("keeps the API docs off in production unless API_DOCS asks, and open elsewhere", () => {
    expect(loadConfig(base).apiDocs).toBe("public");
    expect(loadConfig({ ...base, NODE_ENV: "production" }).apiDocs).toBe("off");
    expect(loadConfig({ ...base, NODE_ENV: "production", API_DOCS: "staff" }).apiDocs).toBe("staff");
    expect(loadConfig({ ...base, API_DOCS: "off" }).apiDocs).toBe("off");
    expect(() => loadConfig({ ...base, API_DOCS: "on" })).toThrow(/API_DOCS/);
  });

  it("reads TRUST_PROXY as off, a hop count or a list of addresses and CIDRs", () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: "off" }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,::1" }).trustProxy).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
    ]);
    expect(() => loadConfig({ ...base, TRUST_PROXY: "proxy.local" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: "10.0.0.0/40" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: "0" })).toThrow(/TRUST_PROXY/);
  });

  it("keeps /metrics closed unless METRICS_ALLOW lists addresses", () => {
    expect(loadConfig(base).metricsAllow).toEqual([]);
    expect(loadConfig({ ...base, METRICS_ALLOW: "127.0.0.1,192.168.0.0/16" }).metricsAllow).toEqual([
      "127.0.0.1",
      "192.168.0.0/16",
    ]);
    expect(() => loadConfig({ ...base, METRICS_ALLOW: "everyone" })).toThrow(/METRICS_ALLOW/);
  });

  it("logs JSON except for a person at a terminal in development, unless LOG_FORMAT says", () => {
    expect(loadConfig(base, true).logFormat).toBe("pretty");
    expect(loadConfig(base, false).logFormat).toBe("json");
    expect(loadConfig({ ...base, NODE_ENV: "production" }, true).logFormat).toBe("json");
    expect(loadConfig({ ...base, LOG_FORMAT: "pretty" }, false).logFormat).toBe("pretty");
  });

  it("holds a waiting-list offer 12 hours and reminds 24 hours before a slot, unless told otherwise (issue 19)", () => {
    const defaults = loadConfig(base);
    expect([defaults.waitlistHoldHours, defaults.reminderHoursBefore]).toEqual([12, 24]);
    const empty = loadConfig({ ...base, WAITLIST_HOLD_HOURS: "", REMINDER_HOURS_BEFORE: "" });
    expect([empty.waitlistHoldHours, empty.reminderHoursBefore]).toEqual([12, 24]);
    const set = loadConfig({ ...base, WAITLIST_HOLD_HOURS: "2.5", REMINDER_HOURS_BEFORE: "48" });
    expect([set.waitlistHoldHours, set.reminderHoursBefore]).toEqual([2.5, 48]);
    for (const variable of ["WAITLIST_HOLD_HOURS", "REMINDER_HOURS_BEFORE"]) {
      for (const wrong of ["0", "-1", "soon", "721"]) {
        expect(() => loadConfig({ ...base, [variable]: wrong }), `${variable}=${wrong}`).toThrow(new RegExp(variable));
      }
    }
    // Listed with their defaults for whoever sets up a deployment.
    const example = parseEnv(readFileSync(".env.example", "utf8"));
    expect([example.WAITLIST_HOLD_HOURS, example.REMINDER_HOURS_BEFORE]).toEqual(["12", "24"]);
    const deploy = readFileSync("docs/deploy.md", "utf8");
    expect(deploy).toMatch(/\| `WAITLIST_HOLD_HOURS` \|[^\n]*default `12`/);
    expect(deploy).toMatch(/\| `REMINDER_HOURS_BEFORE` \|[^\n]*default `24`/);
  });

  it("names every wrong variable in one readable message", () => {
    let error: unknown;
    try {
      loadConfig({ ...base, PORT: "eighty", STAFF_SIGNUP: "maybe", DATABASE_URL: "mysql://x", SMTP_URL: "http://x" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain("PORT");
    expect(message).toContain('(got "eighty")');
    expect(message).toContain("STAFF_SIGNUP");
    expect(message).toContain("DATABASE_URL");
    expect(message).toContain("SMTP_URL");
  });

  it("requires AUTH_SECRET in production and never echoes secrets", () => {
    expect(() => loadConfig({ DATA_DIR: base.DATA_DIR, NODE_ENV: "production" })).toThrow(/AUTH_SECRET: is required/);
    try {
      loadConfig({ ...base, SUPERADMIN_EMAIL: "boss@example.com", SUPERADMIN_PASSWORD: "short" });
    } catch (e) {
      expect((e as Error).message).toContain("SUPERADMIN_PASSWORD");
      expect((e as Error).message).not.toContain("short");
    }
  });

  it("never prints a URL's user and password in the error, whichever URL variable is wrong", () => {
    const wrong = {
      ...base,
      DATABASE_URL: "mysql://dbuser:db-pa55@db.internal/opencall",
      SMTP_URL: "http://mailer:smtp-pa55@mail.example.com:587",
      STORAGE_URL: "s3://AKIAKEY123:s3-SECRET/with@chars@?endpoint=ftp://minio:9000",
      S3_ENDPOINT: "ftp://AKIAKEY123:s3-SECRET@minio:9000",
    };
    let message = "";
    try {
      loadConfig(wrong);
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      message = (e as Error).message;
    }
    for (const name of ["DATABASE_URL", "SMTP_URL", "STORAGE_URL", "S3_ENDPOINT"]) expect(message).toContain(name);
    for (const secret of ["dbuser", "db-pa55", "mailer", "smtp-pa55", "AKIAKEY123", "s3-SECRET", "with@chars"])
      expect(message).not.toContain(secret);
    // What is left still says which server was meant.
    expect(message).toContain('(got "mysql://***@db.internal/opencall")');
    expect(message).toContain('(got "http://***@mail.example.com:587")');
    expect(message).toContain("ftp://***@minio:9000");
    // An e-mail address is not a URL: shown as it is.
    expect(() => loadConfig({ ...base, CONTACT_EMAIL: "contacto@" })).toThrow('(got "contacto@")');
    // A URL without its slashes, and a value without a scheme, lose their credentials too.
    expect(withoutCredentials("s3:KEY:SECRET@bucket")).toBe("***@bucket");
    expect(withoutCredentials("user:secret@host")).toBe("***@host");
    expect(withoutCredentials("postgres://db.internal/opencall")).toBe("postgres://db.internal/opencall");
  });

  it("treats empty values as unset, so .env.example runs as it is", () => {
    const config = loadConfig({ ...base, DATABASE_URL: "", SMTP_URL: "", SUPERADMIN_EMAIL: "" });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.superadmin).toBeUndefined();
  });

  it("runs .env.example as it is, and it lists every variable", () => {
    const example = parseEnv(readFileSync(".env.example", "utf8"));
    const config = loadConfig({ ...example, DATA_DIR: base.DATA_DIR });
    expect(config.port).toBe(3000);
    const source = readFileSync("src/server/config.ts", "utf8");
    const declared = [...source.matchAll(/^ {4}([A-Z][A-Z0-9_]+): z/gm)].map((m) => m[1]);
    expect(declared.length).toBeGreaterThan(10);
    expect(Object.keys(example).sort()).toEqual([...declared].sort());
  });
});

describe("storage configuration", () => {
  const env = { DATA_DIR: "/srv/opencall" };
  it("keeps files under DATA_DIR/storage by default", () => {
    expect(loadConfig(env).storage).toEqual({ kind: "disk", dir: "/srv/opencall/storage" });
  });
  it("reads an s3:// STORAGE_URL with its endpoint, region, path style and credentials", () => {
    const config = loadConfig({
      ...env,
      STORAGE_URL: "s3://KEY:SE%2FCRET@photos/opencall?endpoint=http://127.0.0.1:4569&region=eu-west-1&forcePathStyle=true",
    });
    expect(config.storage).toEqual({
      kind: "s3",
      bucket: "photos",
      prefix: "opencall",
      endpoint: "http://127.0.0.1:4569",
      region: "eu-west-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "KEY", secretAccessKey: "SE/CRET" },
    });
  });
  it("reads the usual S3 variables", () => {
    const config = loadConfig({ ...env, S3_BUCKET: "photos", AWS_ENDPOINT_URL_S3: "http://minio:9000", AWS_REGION: "sa-east-1" });
    expect(config.storage).toMatchObject({
      kind: "s3",
      bucket: "photos",
      endpoint: "http://minio:9000",
      region: "sa-east-1",
      forcePathStyle: true,
    });
  });
  it("names STORAGE_URL when it is wrong", () => {
    expect(() => loadConfig({ ...env, STORAGE_URL: "ftp://x" })).toThrow(/STORAGE_URL/);
    expect(() => loadConfig({ ...env, STORAGE_URL: "s3://b?endpoint=ftp://x" })).toThrow(/STORAGE_URL/);
  });
});
