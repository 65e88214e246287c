/** The agency's identity, one row (issue 32, ADR 019). */
import { PRODUCT_NAME } from "@common/constants";
import { eq, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { DbOrTx } from "../../db/client";
import { agencySettings } from "../../db/schema";

export type AgencyRow = typeof agencySettings.$inferSelect;

/** What stands in until a superadmin saves the agency: MAIL_FROM's display name and CONTACT_EMAIL. */
export function agencyDefaults(config: Pick<Config, "mailFrom" | "contactEmail">): { name: string; contactEmail: string } {
  const named = /^\s*"?([^"<]*?)"?\s*<[^<>]+>\s*$/.exec(config.mailFrom)?.[1]?.trim();
  return { name: (named || PRODUCT_NAME).slice(0, 80), contactEmail: config.contactEmail };
}

export function createAgencyRepository(db: DbOrTx) {
  return {
    async find(tx: DbOrTx = db): Promise<AgencyRow | undefined> {
      const [row] = await tx.select().from(agencySettings).where(eq(agencySettings.id, true));
      return row;
    },

    /**
     * At start: the configuration's values, unless a superadmin saved the agency's own. One
     * statement, so processes starting together agree.
     */
    async syncDefaults(config: Pick<Config, "mailFrom" | "contactEmail">): Promise<void> {
      const defaults = agencyDefaults(config);
      await db
        .insert(agencySettings)
        .values({ ...defaults, fromConfig: true })
        .onConflictDoUpdate({
          target: agencySettings.id,
          set: defaults,
          setWhere: sql`${agencySettings.fromConfig} and (${agencySettings.name}, ${agencySettings.contactEmail}) is distinct from (${defaults.name}, ${defaults.contactEmail})`,
        });
    },

    async save(
      values: { name: string; contactEmail: string; website: string | null; logo?: { png: string; sha: string } | null },
      actorId: string | null,
      now: Date,
      tx: DbOrTx = db,
    ): Promise<AgencyRow> {
      const logo = values.logo === undefined ? {} : { logoPng: values.logo?.png ?? null, logoSha: values.logo?.sha ?? null };
      const set = {
        name: values.name,
        contactEmail: values.contactEmail,
        website: values.website,
        ...logo,
        fromConfig: false,
        updatedAt: now,
        updatedBy: actorId,
      };
      const [row] = await tx
        .insert(agencySettings)
        .values(set)
        .onConflictDoUpdate({ target: agencySettings.id, set })
        .returning();
      return row!;
    },
  };
}
