import type { ProfileStatus } from "@common/constants";
import type { Role } from "@common/permissions";
import { isLanguage, type Language } from "@common/i18n";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS, SESSION_TOUCH_SECONDS, type Auth } from "./auth.config";
import { createSessionLookup } from "./session.lookup";

export interface SessionUser {
  id: string;
  email: string;
  fullName: string;
  role: Role;
  status: ProfileStatus;
  /** The language saved in the account; null: none yet (the device's choice applies). */
  language: Language | null;
  /** Whether the account signs in with a second factor (the account security screen shows it). */
  twoFactorEnabled: boolean;
  /** The API token the call came with (issue 37): the account acts holding only what it was given. */
  token?: { id: string; name: string; permissions: readonly string[] } | null;
  /**
   * The door pass the call came with (issue 35): its maker's account holding only DOOR_PASS_CAPABILITIES
   * (in `token.permissions`), at the pass's one event only (`requireEventScope`).
   */
  pass?: { id: string; name: string; eventId: string } | null;
}

/** The caller as the routes see it, from its account's row (a session's, or an API token's maker's). */
export function sessionUserOf(account: {
  id: string;
  email: string;
  name: string;
  role: string;
  status: string;
  language: string | null;
  twoFactorEnabled: boolean;
}): SessionUser {
  return {
    id: account.id,
    email: account.email,
    fullName: account.name,
    role: account.role as Role,
    status: account.status as ProfileStatus,
    language: isLanguage(account.language) ? account.language : null,
    twoFactorEnabled: account.twoFactorEnabled,
  };
}

/** Whether a session has outlived its idle or absolute lifetime (better-auth only knows one expiry). */
export function isSessionOverdue(session: { createdAt: Date; updatedAt: Date }, now = Date.now()): boolean {
  return (
    now - session.createdAt.getTime() > SESSION_ABSOLUTE_SECONDS * 1000 ||
    now - session.updatedAt.getTime() > SESSION_IDLE_SECONDS * 1000
  );
}

/**
 * The signed-in user of a request, or null. One lookup per request (session.lookup.ts: one prepared
 * statement). Each use is recorded (idle lifetime); an overdue session is deleted here, so that
 * better-auth's own endpoints (which run this first, see auth.routes.ts) never see it either.
 */
export function createSessionResolver(auth: Auth, db: Db) {
  const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
  const lookup = createSessionLookup(auth, db);
  const resolve = async (request: FastifyRequest): Promise<SessionUser | null> => {
    const session = await lookup(request.headers.cookie);
    if (!session) return null;
    const context = await auth.$context;
    if (isSessionOverdue(session)) {
      await context.internalAdapter.deleteSession(session.token);
      request.log.info({ userId: session.userId }, "session ended: idle or absolute lifetime reached");
      return null;
    }
    if (Date.now() - session.updatedAt.getTime() > SESSION_TOUCH_SECONDS * 1000) {
      await context.internalAdapter.updateSession(session.token, { updatedAt: new Date() });
    }
    return sessionUserOf({ ...session, id: session.userId, twoFactorEnabled: session.twoFactorEnabled === true });
  };
  return (request: FastifyRequest): Promise<SessionUser | null> => {
    let pending = cache.get(request);
    if (!pending) {
      pending = resolve(request);
      cache.set(request, pending);
    }
    return pending;
  };
}
