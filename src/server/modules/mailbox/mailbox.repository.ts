import { desc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { outboxMessages, users } from "../../db/schema";

export function createMailboxRepository(db: Db) {
  return {
    async list(page: number, pageSize: number, q: DbOrTx = db) {
      const [items, [count]] = await Promise.all([
        q
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
        q.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(outboxMessages),
      ]);
      return { items, total: count?.total ?? 0 };
    },

    async get(id: number, q: DbOrTx = db) {
      const [row] = await q.select().from(outboxMessages).where(eq(outboxMessages.id, id));
      return row;
    },

    /** The staff account an address belongs to, if any. */
    async staffAccountId(email: string, q: DbOrTx = db): Promise<string | undefined> {
      const [user] = await q
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      return user?.id;
    },
  };
}

export type MailboxRepository = ReturnType<typeof createMailboxRepository>;
