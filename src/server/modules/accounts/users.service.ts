/**
 * User administration (docs/product.md §2 User management, §5 create admin / delete user, §6).
 * Access (admin+ or superadmin) is declared on the routes; the rules about the target are here.
 */
import { currentLanguage } from "@common/i18n";
import { randomUUID } from "node:crypto";
import { assignableRoles, callerHolds, isProtectedAccount, roleCan, type Role } from "@common/permissions";
import { isAgencyEmail, type Profile } from "@common/schemas/accounts";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import { pgErrorCode, PG_UNIQUE_VIOLATION, type Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { newSecretToken } from "../../lib/tokens";
import { enqueueEmail } from "../../mail/outbox";
import { adminInvitationEmail, profileApprovedEmail, staffRecipient } from "./accounts.emails";
import { accountErrors } from "./accounts.errors";
import { accountLinks, INVITATION_TTL_SECONDS, type Auth } from "./auth.config";
import type { SessionUser } from "./session.resolver";
import { forgetPanelScoresOf } from "../panel/panel.repository";
import { createUsersRepository } from "./users.repository";
import { recordAuditOf, type AuditContext } from "../audit/audit.record";

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

/**
 * A set-password link for `userId`: better-auth's own reset token (hashed at rest), so the invited
 * admin completes it on the ordinary reset page. Written before the user: if what follows fails,
 * only a token nobody knows is left, and it expires.
 */
async function newInvitationToken(auth: Auth, userId: string) {
  const { token } = newSecretToken();
  const context = await auth.$context;
  const row = await context.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + INVITATION_TTL_SECONDS * 1000),
  });
  return { token, tokenId: row.id };
}

type AdminOutcome = { outcome: "promoted" | "invited"; user: Profile };

export function createUsersService({ db, auth, config, log }: Deps) {
  const repo = createUsersRepository(db);

  /**
   * Promotes the account of `email` if its owner has proved the address (a superadmin is left as it
   * is). An unverified account is not promoted: undefined, as for no account at all.
   */
  const promoteVerified = (email: string, actor: SessionUser, audit?: AuditContext) =>
    db.transaction(async (tx) => {
      const user = await repo.findByEmailForUpdate(email, tx);
      if (!user) return undefined;
      // A superadmin stays a superadmin: "Create Admin" never lowers anyone's role.
      if (user.role === "superadmin") return user;
      if (!user.emailVerified) return undefined;
      // Already an approved admin: nothing changes, so nothing is recorded as changed.
      if (user.role === "admin" && user.status === "approved") return user;
      const updated = await repo.update(user.id, { role: "admin", status: "approved" }, tx);
      await recordAuditOf(tx, audit, { action: "user.role_change", userId: user.id, details: { from: user.role, to: "admin" } });
      log.info({ actorId: actor.id, userId: user.id }, "user promoted to admin");
      return updated;
    });

  /**
   * Invites `email` as an admin. An unverified account for it (anyone can sign up with an address
   * they do not own) keeps its id but loses everything its creator set: password, sessions,
   * two-factor, pending tokens and the name; the address's real owner chooses the password.
   * Undefined when the account changed meanwhile (the caller tries again).
   */
  const invite = async (email: string, actor: SessionUser, audit?: AuditContext): Promise<UserRow | undefined> => {
    const existing = await repo.findByEmail(email);
    const userId = existing?.id ?? randomUUID();
    const { token, tokenId } = await newInvitationToken(auth, userId);
    const name = email.slice(0, email.indexOf("@"));
    return db.transaction(async (tx) => {
      const current = await repo.findByEmailForUpdate(email, tx);
      if (current && (current.id !== userId || current.emailVerified || current.role === "superadmin")) return undefined;
      let user: UserRow;
      if (current) {
        await repo.discardCredentials(userId, tokenId, tx);
        user = await repo.update(userId, { name, role: "admin", status: "approved", twoFactorEnabled: false }, tx);
        log.warn({ actorId: actor.id, userId }, "unverified account reset: its credentials and sessions were discarded");
      } else {
        user = await repo.insert({ id: userId, name, email, emailVerified: false, role: "admin", status: "approved" }, tx);
      }
      const url = accountLinks.invitation(config.publicUrl, token);
      await enqueueEmail(tx, adminInvitationEmail({ to: email, url, invitedBy: actor.fullName, language: currentLanguage() }));
      await recordAuditOf(tx, audit, { action: "user.role_change", userId, details: { to: "admin", invited: true } });
      log.info({ actorId: actor.id, userId }, "admin invited");
      return user;
    });
  };

  return {
    list: async (): Promise<Profile[]> => (await repo.listNewestFirst()).map(toProfile),

    /**
     * pending → approved, and the approval e-mail in the same transaction. Approving twice is a no-op.
     * An unverified account is refused: whoever created it may not own the address.
     */
    approve: (id: string, actor: SessionUser, audit?: AuditContext): Promise<Profile> =>
      db.transaction(async (tx) => {
        const user = await repo.findByIdForUpdate(id, tx);
        if (!user) throw accountErrors.userNotFound();
        if (user.status === "approved") return toProfile(user);
        if (!user.emailVerified) {
          log.warn({ actorId: actor.id, userId: id }, "approval refused: e-mail not verified");
          throw accountErrors.emailNotVerified();
        }
        const updated = await repo.update(id, { status: "approved" }, tx);
        await recordAuditOf(tx, audit, { action: "user.approve", userId: id });
        await enqueueEmail(tx, profileApprovedEmail({ ...staffRecipient(user), url: `${config.publicUrl}/login` }));
        return toProfile(updated);
      }),

    /**
     * Makes `email` an admin: an account whose owner verified the address is promoted (and approved);
     * any other address gets an approved admin account without a password and an e-mailed link to
     * set one. Tries again when a sign-up for the same address races it.
     */
    createAdmin: async (email: string, actor: SessionUser, audit?: AuditContext): Promise<AdminOutcome> => {
      if (!isAgencyEmail(email, config.agencyEmailDomain)) throw accountErrors.emailDomainNotAllowed(config.agencyEmailDomain);
      for (let attempt = 1; ; attempt++) {
        const promoted = await promoteVerified(email, actor, audit);
        if (promoted) return { outcome: "promoted", user: toProfile(promoted) };
        try {
          const invited = await invite(email, actor, audit);
          if (invited) return { outcome: "invited", user: toProfile(invited) };
        } catch (error) {
          // Someone signed up with this address in the meantime: look again.
          if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
        }
        // Only a sign-up or verification racing each attempt gets here; a few tries settle it.
        if (attempt === 3) throw new Error(`the account of ${email} kept changing during Create Admin`);
      }
    },

    remove: (id: string, actor: SessionUser, audit?: AuditContext) => removeUser({ db, log }, id, actor, audit),

    setRole: (id: string, role: Role, actor: SessionUser, audit?: AuditContext) =>
      setUserRole({ db, config, log }, id, role, actor, audit),
  };
}

/**
 * Gives `role` to an account (issue 33): a superadmin gives any role but superadmin, to anyone but
 * a superadmin; an admin gives viewer or member, to accounts that are not admins. An admin needs an
 * agency address its owner has verified (as Create Admin). Takes effect on the account's next
 * request: each request reads the role with the session (session.lookup.ts), nothing caches it.
 */
function setUserRole(
  { db, config, log }: Pick<Deps, "db" | "config" | "log">,
  id: string,
  role: Role,
  actor: SessionUser,
  audit?: AuditContext,
): Promise<Profile> {
  const repo = createUsersRepository(db);
  return db.transaction(async (tx) => {
    const user = await repo.findByIdForUpdate(id, tx);
    if (!user) throw accountErrors.userNotFound();
    if (isProtectedAccount(user.role)) throw accountErrors.superadminProtected();
    const mayGive = assignableRoles((capability) => callerHolds(actor, capability));
    // Whoever may give a role may change it on the accounts whose role they may give.
    if (!mayGive.includes(role) || !mayGive.includes(user.role)) {
      log.warn({ actorId: actor.id, userId: id, from: user.role, to: role }, "role change refused");
      throw accountErrors.roleNotAllowed();
    }
    if (user.role === role) return toProfile(user);
    if (roleCan(role, "users.manage")) {
      if (!isAgencyEmail(user.email, config.agencyEmailDomain))
        throw accountErrors.emailDomainNotAllowed(config.agencyEmailDomain);
      if (!user.emailVerified) throw accountErrors.roleNeedsVerifiedEmail();
    }
    const updated = await repo.update(id, { role }, tx);
    await recordAuditOf(tx, audit, { action: "user.role_change", userId: id, details: { from: user.role, to: role } });
    log.info({ actorId: actor.id, userId: id, from: user.role, to: role }, "role changed");
    return toProfile(updated);
  });
}

/**
 * Superadmins cannot be deleted; the user's sessions end with it (cascade), their events stay,
 * their panel scores and notes go. Audited (issue 18).
 */
function removeUser({ db, log }: Pick<Deps, "db" | "log">, id: string, actor: SessionUser, audit?: AuditContext): Promise<void> {
  const repo = createUsersRepository(db);
  return db.transaction(async (tx) => {
    const user = await repo.findByIdForUpdate(id, tx);
    if (!user) throw accountErrors.userNotFound();
    if (user.role === "superadmin") {
      log.warn({ actorId: actor.id, userId: id }, "deletion refused: superadmin");
      throw accountErrors.superadminProtected();
    }
    // Their panel scores leave with them; the registrations' panel columns follow (issue 23).
    await forgetPanelScoresOf(id, tx);
    await repo.delete(id, tx);
    await recordAuditOf(tx, audit, { action: "user.delete", userId: id, details: { role: user.role } });
    log.info({ actorId: actor.id, userId: id, email: user.email }, "user deleted");
  });
}
