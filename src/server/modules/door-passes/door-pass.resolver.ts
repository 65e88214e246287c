/**
 * Who calls with a door pass (issue 35): a request carrying the pass cookie is the pass, whatever
 * staff session the same browser also holds (the cookie wins: a phone handed to a volunteer, or an
 * admin trying a pass, acts as the pass until it signs out of it, never with more). The pass is its
 * maker's account holding only DOOR_PASS_CAPABILITIES (as a token's `permissions`, so `callerHolds`
 * confines it, and never more than the maker holds now) at its one event (`pass.eventId`, which
 * `requireEventScope` checks). It is looked up on every request: revoked (deleted) or expired, it is
 * nobody at once (401), its cookie kept until GET /api/session clears it. A Bearer token still wins
 * over both (token.resolver.ts wraps this).
 */
import { DOOR_PASS_CAPABILITIES } from "@common/schemas/queue";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { sha256 } from "../../lib/tokens";
import { sessionUserOf, type SessionUser } from "../accounts/session.resolver";
import { doorPassSecretOf } from "./door-pass.cookie";
import { createDoorPassesRepository, type LiveDoorPass } from "./door-passes.repository";

/** The caller a live pass is. */
export function passCallerOf(found: LiveDoorPass): SessionUser {
  return {
    ...sessionUserOf(found.maker),
    token: { id: found.id, name: found.name, permissions: [...DOOR_PASS_CAPABILITIES] },
    pass: { id: found.id, name: found.name, eventId: found.eventId },
  };
}

export function createDoorPassResolver(
  sessionUser: (request: FastifyRequest) => Promise<SessionUser | null>,
  db: Db,
): (request: FastifyRequest) => Promise<SessionUser | null> {
  const repo = createDoorPassesRepository(db);
  return async (request) => {
    const secret = doorPassSecretOf(request);
    if (!secret) return sessionUser(request);
    const now = new Date();
    const found = await repo.findLive(sha256(secret), now);
    if (!found) {
      request.log.info("door pass refused: unknown, expired or revoked");
      return null;
    }
    if (repo.isStale(found.lastUsedAt, now)) await repo.touch(found.id, now);
    return passCallerOf(found);
  };
}
