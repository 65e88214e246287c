/**
 * The agency's identity (issue 32, ADR 019): read by the public pages, the guardian's page and the
 * share cards (briefly cached: every process re-reads it within a few seconds of a change), changed
 * by the superadmin, audited. E-mails read it in their own insert (mail/agency-fill.ts).
 */
import type { Agency, AgencyValues } from "@common/schemas/agency";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { recordAudit, type AuditContext } from "../audit/audit.record";
import { encodeLogo } from "./agency.logo";
import { agencyDefaults, createAgencyRepository, type AgencyRow } from "./agency.repository";

const CACHE_MS = 5000;

export const agencyLogoPath = (sha: string) => `/api/public/agency/logo/${sha}.png`;

function toAgency(row: AgencyRow): Agency {
  return {
    name: row.name,
    contactEmail: row.contactEmail,
    website: row.website,
    logoUrl: row.logoSha ? agencyLogoPath(row.logoSha) : null,
  };
}

export function createAgencyService({ db, config, clock = () => new Date() }: { db: Db; config: Config; clock?: () => Date }) {
  const repo = createAgencyRepository(db);
  let cached: { at: number; row: Promise<AgencyRow | undefined> } | undefined;

  function row(): Promise<AgencyRow | undefined> {
    const now = Date.now();
    if (!cached || now - cached.at > CACHE_MS) {
      const read = repo.find();
      cached = { at: now, row: read };
      read.catch(() => (cached = undefined));
    }
    return cached.row;
  }

  return {
    async current(): Promise<Agency> {
      const found = await row();
      return found ? toAgency(found) : { ...agencyDefaults(config), website: null, logoUrl: null };
    },

    /** The stored logo's PNG bytes when `sha` is the current logo's. */
    async logo(sha: string): Promise<Buffer | undefined> {
      const found = await row();
      return found?.logoSha === sha && found.logoPng ? Buffer.from(found.logoPng, "base64") : undefined;
    },

    async save(values: AgencyValues, audit: AuditContext): Promise<Agency> {
      // Decoded before the transaction: a bad image changes nothing.
      const logo = values.logo === undefined ? undefined : values.logo === null ? null : await encodeLogo(values.logo);
      const saved = await db.transaction(async (tx) => {
        const saved = await repo.save({ ...values, logo }, audit.actor?.id ?? null, clock(), tx);
        await recordAudit(tx, {
          ...audit,
          action: "agency.settings_change",
          details: {
            fields: ["name", "contactEmail", "website", ...(logo === undefined ? [] : ["logo"])],
            logo: logo === undefined ? "kept" : logo ? "replaced" : "removed",
          },
        });
        return saved;
      });
      cached = undefined;
      return toAgency(saved);
    },
  };
}

export type AgencyService = ReturnType<typeof createAgencyService>;
