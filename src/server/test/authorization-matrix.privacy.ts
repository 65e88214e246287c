/** The authorisation matrix's rows of the privacy and audit routes (issue 18). */
import type { App } from "../app";
import { modelRegistrations } from "../db/schema";
import { registrationToken } from "../lib/registration-links";
import { eq } from "drizzle-orm";
import type { MatrixRow } from "./authorization-matrix";
import { freshRegistration } from "./authorization-matrix.fixtures";

/** A fresh minor's registration waiting for the guardian, and its guardian token. */
async function pendingGuardian(app: App) {
  const { registration } = await freshRegistration(app);
  await app.ctx.db
    .update(modelRegistrations)
    .set({ guardianStatus: "pending", guardianName: "Tutora", guardianEmail: "tutora@example.com" })
    .where(eq(modelRegistrations.id, registration.id));
  return registrationToken(app.ctx.config, "guardian", registration.id);
}

const manageToken = async (app: App) =>
  registrationToken(app.ctx.config, "manage", (await freshRegistration(app)).registration.id);
const registrationUrl = async (app: App, suffix: string) =>
  `/api/registrations/${(await freshRegistration(app)).registration.id}${suffix}`;

export function privacyRows(): MatrixRow[] {
  return [
    { method: "GET", route: "/api/public/privacy-notice", ok: 200 },
    {
      method: "GET",
      route: "/api/public/guardian",
      ok: 200,
      prepare: async (app) => ({ url: `/api/public/guardian?t=${await pendingGuardian(app)}` }),
    },
    {
      method: "POST",
      route: "/api/public/guardian/decision",
      ok: 200,
      prepare: async (app) => ({
        url: "/api/public/guardian/decision",
        body: { token: await pendingGuardian(app), approve: true },
      }),
    },
    {
      method: "GET",
      route: "/api/public/registrations/manage/export",
      ok: 200,
      prepare: async (app) => ({ url: `/api/public/registrations/manage/export?t=${await manageToken(app)}` }),
    },
    {
      method: "POST",
      route: "/api/public/registrations/manage/erase",
      ok: 200,
      prepare: async (app) => ({ url: "/api/public/registrations/manage/erase", body: { t: await manageToken(app) } }),
    },
    {
      method: "POST",
      route: "/api/public/privacy/request",
      ok: 202,
      prepare: async () => ({ url: "/api/public/privacy/request", body: { email: "someone@example.com" } }),
    },
    {
      method: "GET",
      route: "/api/registrations/:id/export",
      ok: 200,
      prepare: async (app) => ({ url: await registrationUrl(app, "/export") }),
    },
    {
      method: "POST",
      route: "/api/registrations/:id/erase",
      ok: 204,
      prepare: async (app) => ({ url: await registrationUrl(app, "/erase"), body: {} }),
    },
    {
      method: "PUT",
      route: "/api/registrations/:id/keep",
      ok: 200,
      prepare: async (app) => ({ url: await registrationUrl(app, "/keep"), body: { keep: true } }),
    },
    { method: "GET", route: "/api/privacy/retention/preview", ok: 200 },
    { method: "GET", route: "/api/privacy/settings", ok: 200 },
    {
      method: "PUT",
      route: "/api/privacy/settings",
      ok: 200,
      prepare: async () => ({ url: "/api/privacy/settings", body: { retentionMonths: 12, outboxRetentionDays: 90 } }),
    },
    { method: "GET", route: "/api/privacy/notices", ok: 200 },
    {
      method: "POST",
      route: "/api/privacy/notices",
      ok: 201,
      prepare: async () => ({ url: "/api/privacy/notices", body: { textEs: "Aviso de privacidad.", textEn: "Privacy notice." } }),
    },
    { method: "GET", route: "/api/audit", ok: 200 },
    // The agency's identity (issue 32).
    { method: "GET", route: "/api/public/agency", ok: 200 },
    {
      method: "GET",
      route: "/api/public/agency/logo/:file",
      // No logo saved: not found, for everyone alike.
      ok: 404,
      prepare: async () => ({ url: `/api/public/agency/logo/${"a".repeat(64)}.png` }),
    },
    {
      method: "PUT",
      route: "/api/settings/agency",
      ok: 200,
      prepare: async () => ({ url: "/api/settings/agency", body: { name: "OpenCall", contactEmail: "contacto@agency.test" } }),
    },
  ];
}
