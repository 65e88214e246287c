/**
 * Door passes (issue 35): an admin makes a pass for a volunteer (a name, one event, an expiry at most
 * DOOR_PASS_MAX_HOURS away); its link `${PUBLIC_URL}/door?p=<secret>` (and the QR code drawing it) is
 * answered once, the secret stored as its SHA-256. Opening the link signs the phone in (a cookie:
 * door-pass.cookie.ts) as the pass (door-pass.resolver.ts). Revoking deletes the row: the next request
 * with it is nobody. Making and revoking are audited.
 */
import { callerHolds, permissionsOf } from "@common/permissions";
import type { SessionUser as SessionReplyUser } from "@common/schemas/accounts";
import { DOOR_PASS_CAPABILITIES, DOOR_PASS_MAX_HOURS, type createDoorPassSchema } from "@common/schemas/queue";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { scoutingEvents } from "../../db/schema";
import { newSecretToken, sha256 } from "../../lib/tokens";
import type { SessionUser } from "../accounts/session.resolver";
import { recordAuditOf, type AuditContext } from "../audit/audit.record";
import { eventErrors } from "../events/events.errors";
import { passCallerOf } from "./door-pass.resolver";
import { doorPassErrors } from "./door-passes.errors";
import { createDoorPassesRepository, type LiveDoorPass } from "./door-passes.repository";

/** Leeway for the clock of the phone that chose "24 hours from now". */
const CLOCK_LEEWAY_MS = 60_000;

/**
 * GET /api/session's user under a pass: the pass's name, what it holds, its event and expiry. The
 * maker's name and e-mail never reach the volunteer's phone; `id` is the pass's.
 */
export function passSessionUser(found: LiveDoorPass): SessionReplyUser {
  const caller = passCallerOf(found);
  return {
    id: found.id,
    email: "",
    fullName: found.name,
    role: caller.role,
    status: caller.status,
    language: null,
    twoFactorEnabled: false,
    permissions: permissionsOf(caller),
    pass: { id: found.id, name: found.name, expiresAt: found.expiresAt.toISOString(), event: found.event },
  };
}

export function createDoorPassesService({ db, config }: { db: Db; config: Pick<Config, "publicUrl"> }) {
  const repo = createDoorPassesRepository(db);

  return {
    /** A new pass for `eventId`, acting for `maker`; its link is in this answer only. */
    async create(
      maker: SessionUser,
      eventId: string,
      input: z.output<typeof createDoorPassSchema>,
      audit: AuditContext,
      now = new Date(),
    ) {
      if (!DOOR_PASS_CAPABILITIES.every((capability) => callerHolds(maker, capability))) throw doorPassErrors.makerLacks();
      const expiresAt = new Date(input.expiresAt);
      if (expiresAt.getTime() <= now.getTime()) throw doorPassErrors.expiryPast();
      if (expiresAt.getTime() - now.getTime() > DOOR_PASS_MAX_HOURS * 3_600_000 + CLOCK_LEEWAY_MS)
        throw doorPassErrors.expiryTooFar();
      const { token, hash } = newSecretToken();
      const id = await db.transaction(async (tx) => {
        const [event] = await tx.select({ id: scoutingEvents.id }).from(scoutingEvents).where(eq(scoutingEvents.id, eventId));
        if (!event) throw eventErrors.notFound();
        const created = await repo.insert({ eventId, name: input.name, tokenHash: hash, createdBy: maker.id, expiresAt }, tx);
        await recordAuditOf(tx, audit, {
          action: "door_pass.create",
          eventId,
          details: { pass: input.name, expiresAt: expiresAt.toISOString() },
        });
        return created;
      });
      return { id, url: `${config.publicUrl}/door?p=${token}`, expiresAt: expiresAt.toISOString() };
    },

    /** The event's passes that still work, oldest first (never their links). */
    async list(eventId: string, now = new Date()) {
      const rows = await repo.listLive(eventId, now);
      return {
        items: rows.map((row) => ({
          id: row.id,
          name: row.name,
          expiresAt: row.expiresAt.toISOString(),
          lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
          createdAt: row.createdAt.toISOString(),
          createdBy: { id: row.createdById, fullName: row.createdByName },
        })),
      };
    },

    /** Deletes the pass: every phone signed in with it is nobody from its next request. */
    async revoke(id: string, audit: AuditContext): Promise<void> {
      await db.transaction(async (tx) => {
        const removed = await repo.remove(id, tx);
        if (!removed) throw doorPassErrors.notFound();
        await recordAuditOf(tx, audit, { action: "door_pass.delete", eventId: removed.eventId, details: { pass: removed.name } });
      });
    },

    /** The live pass of a link's secret, recorded as used; 401 `door_pass_invalid` for anything else. */
    async signIn(secret: string, now = new Date()): Promise<LiveDoorPass> {
      const found = await repo.findLive(sha256(secret), now);
      if (!found) throw doorPassErrors.invalid();
      if (repo.isStale(found.lastUsedAt, now)) await repo.touch(found.id, now);
      return found;
    },

    /** The session reply's user of a signed-in pass (still live), or null. */
    async sessionUser(passId: string, now = new Date()): Promise<SessionReplyUser | null> {
      const found = await repo.findLiveById(passId, now);
      return found ? passSessionUser(found) : null;
    },
  };
}

export type DoorPassesService = ReturnType<typeof createDoorPassesService>;
