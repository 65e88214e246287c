import { desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { outboxMessages, users } from "../../db/schema";

export function createMailboxRepository(db: DbOrTx) {
  return {
    async list(page: number, pageSize: number) {
      const [items, [count]] = await Promise.all([
        db
          .select({
            id: outboxMessages.id,
            kind: outboxMessages.kind,
            toAddress: outboxMessages.toAddress,
            subject: outboxMessages.subject,
            status: outboxMessages.status,
            createdAt: outboxMessages.createdAt,
            sentAt: outboxMessages.sentAt,
          })
          .from(outboxMessages)
          .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(outboxMessages),
      ]);
      return { items, total: count?.total ?? 0 };
    },

    async get(id: number) {
      const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
      return row;
    },

    /** The staff account an address belongs to, if any. */
    async staffAccountId(email: string): Promise<string | undefined> {
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      return user?.id;
    },
  };
}
