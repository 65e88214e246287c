/** Webhook endpoints' rows and their deliveries as staff read them (issue 37). */
import { and, asc, desc, eq, lt, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { users, webhookDeliveries, webhookEndpoints } from "../../db/schema";

export function createWebhooksRepository(db: Db) {
  const pending = sql<number>`(select count(*)::int from ${webhookDeliveries} d
    where d.endpoint_id = ${webhookEndpoints.id} and d.status <> 'delivered')`;
  const listed = {
    id: webhookEndpoints.id,
    url: webhookEndpoints.url,
    events: webhookEndpoints.events,
    permissions: webhookEndpoints.permissions,
    enabled: webhookEndpoints.enabled,
    disabledReason: webhookEndpoints.disabledReason,
    failingSince: webhookEndpoints.failingSince,
    previousSecretUntil: webhookEndpoints.previousSecretUntil,
    createdAt: webhookEndpoints.createdAt,
    createdById: users.id,
    createdByName: users.name,
    pending,
  };
  return {
    async insert(values: typeof webhookEndpoints.$inferInsert, tx: DbOrTx): Promise<string> {
      const [row] = await tx.insert(webhookEndpoints).values(values).returning({ id: webhookEndpoints.id });
      return row!.id;
    },

    /** Every endpoint, oldest first, with its maker and how many deliveries wait. */
    list(where = sql`true`) {
      return db
        .select(listed)
        .from(webhookEndpoints)
        .innerJoin(users, eq(users.id, webhookEndpoints.userId))
        .where(where)
        .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
    },

    async find(id: string) {
      const [row] = await this.list(eq(webhookEndpoints.id, id));
      return row;
    },

    /** The row locked for a change, or undefined. */
    async lock(id: string, tx: DbOrTx) {
      const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for("update");
      return row;
    },

    async update(id: string, values: Partial<typeof webhookEndpoints.$inferInsert>, tx: DbOrTx): Promise<void> {
      await tx.update(webhookEndpoints).set(values).where(eq(webhookEndpoints.id, id));
    },

    /** Deletes it with its deliveries; its address, or undefined when there was none. */
    async remove(id: string, tx: DbOrTx): Promise<string | undefined> {
      const [row] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ url: webhookEndpoints.url });
      return row?.url;
    },

    /** Its deliveries, newest first. */
    deliveries(endpointId: string, { before, limit }: { before?: number | undefined; limit: number }) {
      return db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.endpointId, endpointId), before ? lt(webhookDeliveries.id, before) : undefined))
        .orderBy(desc(webhookDeliveries.id))
        .limit(limit);
    },

    /**
     * Sends a delivery again, with its `webhook-id`, as soon as a sender passes (unless one is
     * sending it now). Answers the row, or undefined when the endpoint has no such delivery.
     */
    async resend(endpointId: string, deliveryId: number, now: Date) {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ status: "pending", nextAttemptAt: now, claimedAt: null })
        .where(
          and(
            eq(webhookDeliveries.id, deliveryId),
            eq(webhookDeliveries.endpointId, endpointId),
            ne(webhookDeliveries.status, "sending"),
          ),
        )
        .returning();
      if (row) return row;
      const [current] = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
      return current;
    },
  };
}
