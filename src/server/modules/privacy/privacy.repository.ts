/** The privacy notice's versions and the retention settings (issue 18). */
import type { PrivacyNotice } from "@common/schemas/privacy";
import { desc, eq, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Db, DbOrTx } from "../../db/client";
import { privacyNotices, privacySettings } from "../../db/schema";

export function createPrivacyRepository(db: Db) {
  return {
    /** The newest published notice (migration 0011 publishes version 1). */
    async currentNotice(tx: DbOrTx = db) {
      const [notice] = await tx.select().from(privacyNotices).orderBy(desc(privacyNotices.version)).limit(1);
      if (!notice) throw new Error("no privacy notice: migration 0011 publishes the first one");
      return notice;
    },

    async noticeOfVersion(version: number, tx: DbOrTx = db) {
      const [notice] = await tx.select().from(privacyNotices).where(eq(privacyNotices.version, version));
      return notice;
    },

    async notices(tx: DbOrTx = db) {
      return tx.select().from(privacyNotices).orderBy(desc(privacyNotices.version));
    },

    /** A new version, the next number (the table's key keeps two publications from taking one number). */
    async publishNotice(input: { textEs: string; textEn: string; publishedBy: string }, now: Date, tx: DbOrTx = db) {
      const [notice] = await tx
        .insert(privacyNotices)
        .values({
          version: sql`(select coalesce(max(${privacyNotices.version}), 0) + 1 from ${privacyNotices})`,
          textEs: input.textEs,
          textEn: input.textEn,
          publishedBy: input.publishedBy,
          publishedAt: now,
        })
        .returning();
      return notice!;
    },

    async settings(tx: DbOrTx = db) {
      const [row] = await tx.select().from(privacySettings).where(eq(privacySettings.id, true));
      return row ?? { id: true, retentionMonths: 12, outboxRetentionDays: 90, updatedAt: new Date(0) };
    },

    async updateSettings(values: { retentionMonths: number; outboxRetentionDays: number }, now: Date, tx: DbOrTx = db) {
      const [row] = await tx
        .insert(privacySettings)
        .values({ id: true, ...values, updatedAt: now })
        .onConflictDoUpdate({ target: privacySettings.id, set: { ...values, updatedAt: now } })
        .returning();
      return row!;
    },
  };
}

/** A notice as the API answers it. */
export const noticeToApi = (n: { version: number; textEs: string; textEn: string; publishedAt: Date }): PrivacyNotice => ({
  version: n.version,
  textEs: n.textEs,
  textEn: n.textEn,
  publishedAt: n.publishedAt.toISOString(),
});

/** The current notice, read at most once per `ttlMs` by a rush (a publication shows within it). */
export function noticeReader(db: Db, ttlMs: number): () => Promise<PrivacyNotice> {
  const repo = createPrivacyRepository(db);
  const cache = new LRUCache<"current", PrivacyNotice>({
    max: 1,
    ttl: ttlMs,
    fetchMethod: async () => noticeToApi(await repo.currentNotice()),
  });
  return async () => (await cache.fetch("current"))!;
}
