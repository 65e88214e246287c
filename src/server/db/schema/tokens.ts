/**
 * API tokens (issue 37): a script or another system calls the /api routes for the admin who made the
 * token, holding only the capabilities given to it (and only while that account still holds them).
 */
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt } from "./columns";

export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** SHA-256 of the token: the token itself is shown once and never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    /** The capability names given to it (@common/permissions), a subset of its maker's. */
    permissions: text("permissions").array().notNull(),
    /** Its maker: the token acts for this account and goes with it. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** The last call made with it, written at most once a minute. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("api_tokens_user_idx").on(t.userId)],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;
