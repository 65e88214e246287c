/**
 * The agency's identity (issue 32, ADR 019): its name, contact address, web site and logo, one row
 * (id = true). Until a superadmin saves it, the row mirrors the configuration (MAIL_FROM's name,
 * CONTACT_EMAIL), rewritten at each start, so a fresh install reads as before.
 */
import { sql } from "drizzle-orm";
import { boolean, check, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";

export const agencySettings = pgTable(
  "agency_settings",
  {
    id: boolean("id").primaryKey().default(true),
    name: text("name").notNull(),
    contactEmail: text("contact_email").notNull(),
    website: text("website"),
    /** The logo re-encoded as a bounded PNG, base64; null: no logo. */
    logoPng: text("logo_png"),
    /** The PNG's SHA-256 (hex): its address, so it can be cached for good. */
    logoSha: text("logo_sha"),
    /** true: the configuration's values, rewritten at each start; false once a superadmin saved. */
    fromConfig: boolean("from_config").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("agency_settings_single_row", sql`${t.id}`),
    check("agency_settings_name_check", sql`char_length(${t.name}) between 1 and 80`),
    check("agency_settings_logo_check", sql`(${t.logoPng} is null) = (${t.logoSha} is null)`),
  ],
);
