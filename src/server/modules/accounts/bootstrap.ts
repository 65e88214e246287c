import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { accounts, users } from "../../db/schema";

/**
 * On start, if no superadmin exists: create SUPERADMIN_EMAIL with SUPERADMIN_PASSWORD, or with a
 * random password printed once. An existing account with that e-mail is promoted instead.
 * No default password exists anywhere.
 */
export async function ensureSuperadmin(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.role, "superadmin")).limit(1);
  if (existing.length > 0) return;

  const email = config.superadmin?.email ?? `admin@${config.agencyEmailDomain}`;
  const generated = config.superadmin?.password === undefined;
  const password = config.superadmin?.password ?? randomBytes(18).toString("base64url");
  const hash = await hashPassword(password);

  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    const userId = user?.id ?? randomUUID();
    if (user) {
      await tx
        .update(users)
        .set({ role: "superadmin", status: "approved", emailVerified: true })
        .where(eq(users.id, userId));
      await tx.delete(accounts).where(eq(accounts.userId, userId));
    } else {
      await tx.insert(users).values({
        id: userId,
        name: "Superadmin",
        email,
        emailVerified: true,
        role: "superadmin",
        status: "approved",
      });
    }
    await tx.insert(accounts).values({
      id: randomUUID(),
      accountId: userId,
      providerId: "credential",
      userId,
      password: hash,
    });
  });

  if (generated) {
    // Printed once, on the console only: it is never stored in clear text.
    process.stdout.write(
      `\n  OpenCall superadmin created.\n  E-mail:   ${email}\n  Password: ${password}\n  (shown only this once; set SUPERADMIN_EMAIL/SUPERADMIN_PASSWORD to choose your own)\n\n`,
    );
  }
  log.info({ email, generatedPassword: generated }, "superadmin created");
}
