/**
 * A request's session and its user, read as better-auth's `getSession` reads them (the signed
 * session cookie, then the session row joined to its user, refused once expired) in one prepared
 * statement. Every staff request asks this first: through better-auth's endpoint machinery it cost
 * about 2–3 ms of CPU per request (its adapter building the query, Web Crypto, the endpoint's
 * context), ten to fifteen times this; measured by `npm run bench check-in` (ADR 018). better-auth
 * stays the authority on sessions: it creates, signs and ends them; this only reads.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { runPipelined, type Db } from "../../db/client";
import type { Auth } from "./auth.config";
import { hashSessionToken } from "./session.tokens";

export interface SessionRow {
  /** The cookie's token (the row holds only its hash). */
  token: string;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  userId: string;
  email: string;
  name: string;
  role: string;
  status: string;
  language: string | null;
  twoFactorEnabled: boolean;
}

const SESSION_AND_USER = `
  select s.expires_at as "expiresAt", s.created_at as "createdAt", s.updated_at as "updatedAt",
    u.id as "userId", u.email, u.name, u.role, u.status, u.language, u.two_factor_enabled as "twoFactorEnabled"
  from sessions s join users u on u.id = s.user_id
  where s.token = $1`; // the token's SHA-256 (session.tokens.ts)

/** A cookie's value in a Cookie header, as better-call reads it: the first of that name, unquoted, decoded. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const at = part.indexOf("=");
    if (at === -1 || part.slice(0, at).trim() !== name) continue;
    let value = part.slice(at + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return value.includes("%") ? decodeURIComponent(value) : value;
    } catch {
      return value;
    }
  }
  return undefined;
}

/**
 * The value of a better-call signed cookie (`value.signature`, the signature the padded base64 of
 * HMAC-SHA256(secret, value): 44 characters), or null when it is not signed with `secret`.
 */
export function unsignCookie(signed: string, secret: string): string | null {
  const at = signed.lastIndexOf(".");
  if (at < 1) return null;
  const value = signed.slice(0, at);
  const signature = signed.slice(at + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(value).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

export function createSessionLookup(auth: Auth, db: Db) {
  /** The live session named by the request's cookie, with its user; null for none, forged or expired. */
  return async (cookieHeader: string | undefined): Promise<SessionRow | null> => {
    const context = await auth.$context;
    const signed = cookieValue(cookieHeader, context.authCookies.sessionToken.name);
    const token = signed ? unsignCookie(signed, context.secret) : null;
    if (!token) return null;
    const [row] = await runPipelined<Omit<SessionRow, "token">>(db, SESSION_AND_USER, [hashSessionToken(token)], "staff");
    if (!row) return null;
    const session = {
      ...row,
      token,
      expiresAt: new Date(row.expiresAt),
      createdAt: new Date(row.createdAt),
      updatedAt: new Date(row.updatedAt),
    };
    if (session.expiresAt.getTime() <= Date.now()) {
      // As better-auth does with an expired session it is shown.
      await context.internalAdapter.deleteSession(token);
      return null;
    }
    return session;
  };
}
