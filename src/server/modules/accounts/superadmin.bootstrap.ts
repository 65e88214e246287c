import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { accounts, users } from "../../db/schema";
import { createUsersRepository } from "./users.repository";

/** Key of the advisory lock that lets one starting process at a time create the superadmin. */
const BOOTSTRAP_LOCK_KEY = 726_001;

/**
 * On start, if no superadmin exists: create SUPERADMIN_EMAIL with SUPERADMIN_PASSWORD, or with a
 * random password, returned (never stored in clear text) for the process to print once, last
 * (`superadminNotice`). An existing account with that e-mail is promoted instead, and
 * loses whatever its creator set (password, sessions, two-factor, tokens): the operator's
 * password is the one that signs in. No default password exists anywhere.
 *
 * Several processes may start together on a fresh database: they queue on a transaction-scoped
 * advisory lock and look again under it, so exactly one creates the superadmin and the others
 * find it (before, the second one's insert broke the unique e-mail and that process exited).
 */
export async function ensureSuperadmin(
  db: Db,
  config: Config,
  log: Pick<FastifyBaseLogger, "info">,
): Promise<GeneratedSuperadmin | null> {
  const superadminExists = async (tx: Pick<Db, "select"> = db) =>
    (await tx.select({ id: users.id }).from(users).where(eq(users.role, "superadmin")).limit(1)).length > 0;
  if (await superadminExists()) return null;

  const email = config.superadmin?.email ?? `admin@${config.agencyEmailDomain}`;
  const generated = config.superadmin?.password === undefined;
  const password = config.superadmin?.password ?? randomBytes(18).toString("base64url");
  const hash = await hashPassword(password);
  const repo = createUsersRepository(db);

  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_KEY})`);
    if (await superadminExists(tx)) return false;
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    const userId = user?.id ?? randomUUID();
    if (user) {
      await repo.discardCredentials(userId, undefined, tx);
      await repo.update(userId, { role: "superadmin", status: "approved", emailVerified: true, twoFactorEnabled: false }, tx);
    } else {
      await repo.insert(
        { id: userId, name: "Superadmin", email, emailVerified: true, role: "superadmin", status: "approved" },
        tx,
      );
    }
    await tx.insert(accounts).values({ id: randomUUID(), accountId: userId, providerId: "credential", userId, password: hash });
    return true;
  });
  if (!created) return null;
  log.info({ email, generatedPassword: generated }, "superadmin created");
  return generated ? { email, password } : null;
}

/** A superadmin this process created with a random password: shown once, never stored in clear text. */
export interface GeneratedSuperadmin {
  email: string;
  password: string;
}

/**
 * The console notice of a generated password, framed so that it stands out after the build's and
 * the server's lines (the process prints it last, once it listens), and how to change it. For the
 * operator's console: English, like the logs.
 */
export function superadminNotice({ email, password }: GeneratedSuperadmin, publicUrl: string): string {
  const lines = [
    "OpenCall superadmin created. Its password is shown only this once:",
    "",
    `  E-mail:   ${email}`,
    `  Password: ${password}`,
    "",
    "To change it: sign in, then ask for a new password at",
    `  ${publicUrl}/forgot-password`,
    "with this e-mail address. The link arrives by e-mail (without SMTP_URL, in the",
    `app's mailbox: ${publicUrl}/dashboard/admin/mailbox); it ends every session.`,
    "To choose your own instead, set SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD",
    "before the first start.",
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${"-".repeat(width + 2)}+`;
  return ["", rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule, ""].join("\n") + "\n";
}
