/**
 * Who calls (issue 37): a request with `Authorization: Bearer <token>` is its API token's maker,
 * holding only what the token was given; any other request is its session's user (the cookie). A
 * Bearer request is never read as its cookie: a wrong, expired or revoked token is nobody (401).
 * Token calls are counted per token across processes, and refused past TOKEN_CALLS_PER_MINUTE.
 */
import { API_TOKEN_PREFIX } from "@common/schemas/tokens";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import type { SharedCounter } from "../../lib/shared-limits";
import { sha256 } from "../../lib/tokens";
import { sessionUserOf, type SessionUser } from "../accounts/session.resolver";
import { tokenErrors } from "./tokens.errors";
import { createTokensRepository } from "./tokens.repository";

/** A script's pace, not a person's: plenty for a sync, and a stolen token cannot flood the server. */
export const TOKEN_CALLS_PER_MINUTE = 600;

/** The token of an `Authorization: Bearer …` header; undefined without one, "" when it is not ours. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value = ""] = header.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() !== "bearer") return undefined;
  return value.startsWith(API_TOKEN_PREFIX) ? value : "";
}

export function createCallerResolver(
  sessionUser: (request: FastifyRequest) => Promise<SessionUser | null>,
  { db, limits }: { db: Db; limits: SharedCounter },
): (request: FastifyRequest) => Promise<SessionUser | null> {
  const repo = createTokensRepository(db);
  const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

  async function tokenUser(request: FastifyRequest, token: string): Promise<SessionUser | null> {
    if (!token) return null;
    const now = new Date();
    const found = await repo.findLive(sha256(token), now);
    if (!found) {
      request.log.info("api token refused: unknown, expired or revoked");
      return null;
    }
    const { count } = await limits.hit(`api-token:${found.id}`, 60_000);
    if (count > TOKEN_CALLS_PER_MINUTE) throw tokenErrors.rateLimited();
    if (repo.isStale(found.lastUsedAt, now)) await repo.touch(found.id, now);
    return { ...sessionUserOf(found.user), token: { id: found.id, name: found.name, permissions: found.permissions } };
  }

  return (request) => {
    let pending = cache.get(request);
    if (!pending) {
      const token = bearerToken(request);
      pending = token === undefined ? sessionUser(request) : tokenUser(request, token);
      cache.set(request, pending);
    }
    return pending;
  };
}
