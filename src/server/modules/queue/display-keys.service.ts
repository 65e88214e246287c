/**
 * The venue screens' keys (issue 35): an admin makes one per screen (its address, with the key, is
 * shown once), lists and revokes them; a screen streams the event's called numbers with its key
 * (numbers and rooms only). A revoked key's screen stops within a heartbeat (queue.stream.ts).
 */
import type { z } from "zod";
import type { createdDisplayKeySchema, displayKeySchema } from "@common/schemas/queue";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { newSecretToken, sha256 } from "../../lib/tokens";
import { recordAudit, type AuditContext } from "../audit/audit.record";
import { createDisplayKeysRepository } from "./display-keys.repository";
import { queueErrors } from "./queue.errors";
import { createQueueRepository } from "./queue.repository";
import type { EventScope } from "./queue.service";

type DisplayKey = z.infer<typeof displayKeySchema>;

const toApi = (row: { id: string; name: string; createdAt: Date }): DisplayKey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
});

/** The screen's page for a key: what the key's QR code or a typed address opens on the venue's TV. */
export const displayUrl = (config: Pick<Config, "publicUrl">, eventId: string, key: string) =>
  `${config.publicUrl}/events/${eventId}/display?key=${key}`;

export function createDisplayKeysService({ db, config }: { db: Db; config: Pick<Config, "publicUrl"> }) {
  const repo = createDisplayKeysRepository(db);
  const line = createQueueRepository(db);

  async function create(
    userId: string,
    eventId: string,
    name: string,
    audit: AuditContext,
  ): Promise<z.infer<typeof createdDisplayKeySchema>> {
    const { token, hash } = newSecretToken();
    const row = await db.transaction(async (tx) => {
      if (!(await line.eventExists(eventId, tx))) throw queueErrors.eventNotFound();
      const inserted = await repo.insert({ eventId, name, keyHash: hash, createdBy: userId }, tx);
      await recordAudit(tx, { ...audit, action: "display_key.create", eventId, details: { displayKeyId: inserted.id, name } });
      return inserted;
    });
    return { ...toApi(row), url: displayUrl(config, eventId, token) };
  }

  async function list(eventId: string): Promise<{ items: DisplayKey[] }> {
    if (!(await line.eventExists(eventId))) throw queueErrors.eventNotFound();
    return { items: (await repo.list(eventId)).map(toApi) };
  }

  async function remove(id: string, scope: EventScope, audit: AuditContext): Promise<void> {
    const found = await repo.find(id);
    if (!found) throw queueErrors.displayKeyNotFound();
    scope(found.eventId);
    await db.transaction(async (tx) => {
      const row = await repo.remove(id, tx);
      if (!row) throw queueErrors.displayKeyNotFound();
      await recordAudit(tx, {
        ...audit,
        action: "display_key.delete",
        eventId: row.eventId,
        details: { displayKeyId: row.id, name: row.name },
      });
    });
  }

  /** The key of a screen's address for this event (its id), or undefined for a wrong or revoked one. */
  async function keyOf(eventId: string, key: string) {
    return repo.findByHash(eventId, sha256(key));
  }

  /** Whether the key still exists (the screen's stream re-checks it at each heartbeat). */
  async function live(id: string): Promise<boolean> {
    return (await repo.find(id)) !== undefined;
  }

  return { create, list, remove, keyOf, live };
}
