/**
 * User administration (SPEC.md §2 User management, §5 create admin / delete user, §6).
 * Access (admin+ or superadmin) is declared on the routes; the rules about the target are here.
 */
import { randomUUID } from "node:crypto";
import { isAgencyEmail, type Profile } from "@common/schemas/accounts";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import { pgErrorCode, PG_UNIQUE_VIOLATION, type Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError, errors } from "../../errors";
import { newSecretToken } from "../../lib/tokens";
import { enqueueEmail } from "../../mail/outbox";
import { adminInvitationEmail, profileApprovedEmail } from "./accounts.emails";
import { accountLinks, INVITATION_TTL_SECONDS, type Auth } from "./auth";
import type { SessionUser } from "./session";
import { createUsersRepository } from "./users.repository";

export function toProfile(row: UserRow): Profile {
  return {
    id: row.id,
    email: row.email,
    fullName: row.name,
    role: row.role,
    status: row.status,
    emailVerified: row.emailVerified,
    twoFactorEnabled: row.twoFactorEnabled,
    createdAt: row.createdAt.toISOString(),
  };
}

interface Deps {
  db: Db;
  auth: Auth;
  config: Config;
  log: FastifyBaseLogger;
}

export function createUsersService({ db, auth, config, log }: Deps) {
  const repo = createUsersRepository(db);

  const promote = (email: string, actor: SessionUser) =>
    db.transaction(async (tx) => {
      const user = await repo.findByEmailForUpdate(email, tx);
      if (!user) return undefined;
      // A superadmin stays a superadmin: "Create Admin" never lowers anyone's role.
      if (user.role === "superadmin") return user;
      const updated = await repo.update(user.id, { role: "admin", status: "approved" }, tx);
      log.info({ actorId: actor.id, userId: user.id }, "user promoted to admin");
      return updated;
    });

  return {
    list: async (): Promise<Profile[]> => (await repo.listNewestFirst()).map(toProfile),

    /** pending → approved, and the approval e-mail in the same transaction. Approving twice is a no-op. */
    approve: (id: string, actor: SessionUser): Promise<Profile> =>
      db.transaction(async (tx) => {
        const user = await repo.findByIdForUpdate(id, tx);
        if (!user) throw errors.notFound("User not found.");
        if (user.status === "approved") return toProfile(user);
        const updated = await repo.update(id, { status: "approved" }, tx);
        await enqueueEmail(tx, profileApprovedEmail({ to: user.email, name: user.name, url: `${config.publicUrl}/login` }));
        log.info({ actorId: actor.id, userId: id }, "user approved");
        return toProfile(updated);
      }),

    /**
     * Makes `email` an admin: an existing account is promoted (and approved); an unknown address
     * gets an approved admin account without a password and an e-mailed link to set one.
     */
    createAdmin: async (
      email: string,
      actor: SessionUser,
    ): Promise<{ outcome: "promoted" | "invited"; user: Profile }> => {
      if (!isAgencyEmail(email, config.agencyEmailDomain)) {
        throw new AppError(400, "email_domain_not_allowed", `Only @${config.agencyEmailDomain} emails are allowed`, {
          email: `Only @${config.agencyEmailDomain} emails are allowed`,
        });
      }
      const promoted = await promote(email, actor);
      if (promoted) return { outcome: "promoted", user: toProfile(promoted) };

      // The set-password link is better-auth's own reset token (hashed at rest), so the invited admin
      // completes it on the ordinary reset page. It is written before the user: a failed insert leaves
      // only an unusable token that expires.
      const userId = randomUUID();
      const { token } = newSecretToken();
      const context = await auth.$context;
      await context.internalAdapter.createVerificationValue({
        identifier: `reset-password:${token}`,
        value: userId,
        expiresAt: new Date(Date.now() + INVITATION_TTL_SECONDS * 1000),
      });
      try {
        const user = await db.transaction(async (tx) => {
          const row = await repo.insert(
            { id: userId, name: email.slice(0, email.indexOf("@")), email, emailVerified: false, role: "admin", status: "approved" },
            tx,
          );
          await enqueueEmail(
            tx,
            adminInvitationEmail({ to: email, url: accountLinks.invitation(config.publicUrl, token), invitedBy: actor.fullName }),
          );
          return row;
        });
        log.info({ actorId: actor.id, userId }, "admin invited");
        return { outcome: "invited", user: toProfile(user) };
      } catch (error) {
        // Someone signed up with this address in the meantime: promote that account instead.
        if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
        const raced = await promote(email, actor);
        if (!raced) throw error;
        return { outcome: "promoted", user: toProfile(raced) };
      }
    },

    /** Superadmins cannot be deleted; the user's sessions end with it (cascade), their events stay. */
    remove: (id: string, actor: SessionUser): Promise<void> =>
      db.transaction(async (tx) => {
        const user = await repo.findByIdForUpdate(id, tx);
        if (!user) throw errors.notFound("User not found.");
        if (user.role === "superadmin") {
          log.warn({ actorId: actor.id, userId: id }, "deletion refused: superadmin");
          throw new AppError(403, "superadmin_protected", "Cannot delete superadmin users");
        }
        await repo.delete(id, tx);
        log.info({ actorId: actor.id, userId: id, email: user.email }, "user deleted");
      }),
  };
}
