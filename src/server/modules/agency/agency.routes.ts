/**
 * The agency's identity (issue 32, ADR 019): anyone reads it (the public pages, the PDF sheet), the
 * superadmin changes it; its logo is served at an address named by its content, cached for good.
 */
import { agencyResponse, agencySchema, AGENCY_LOGO_MAX_BYTES } from "@common/schemas/agency";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../context";
import { errors } from "../../errors";
import { auditContext } from "../audit/audit.record";

const tags = ["settings"];

export async function agencyRoutes(app: ZodApp, { agency }: AppContext): Promise<void> {
  app.get(
    "/api/public/agency",
    {
      config: { access: "public" },
      schema: { tags, summary: "The agency's name, contact address, web site and logo", response: { 200: agencyResponse } },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=60");
      return agency.current();
    },
  );

  app.get(
    "/api/public/agency/logo/:file",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "The agency's logo (PNG), at the address GET /api/public/agency names",
        params: z.object({ file: z.string().regex(/^[0-9a-f]{64}\.png$/) }),
      },
    },
    async (request, reply) => {
      const png = await agency.logo(request.params.file.slice(0, -4));
      if (!png) throw errors.notFound();
      return reply.type("image/png").header("cache-control", "public, max-age=31536000, immutable").send(png);
    },
  );

  app.put(
    "/api/settings/agency",
    {
      config: { access: "agency.manage" },
      // A logo of 1 MB is about 1.4 MB as a data URL.
      bodyLimit: Math.ceil(AGENCY_LOGO_MAX_BYTES * 1.4) + 16 * 1024,
      schema: {
        tags,
        summary: "Change the agency's name, contact address, web site and logo",
        body: agencySchema,
        response: { 200: agencyResponse },
      },
    },
    async (request) => agency.save(request.body, auditContext(request)),
  );
}
