/**
 * Webhooks' rows of the authorisation matrix (issue 37): all need webhooks.manage; the statuses
 * come from the table. (A token calling them is refused apart: webhooks.routes.test.ts.)
 */
import type { MatrixRow } from "./authorization-matrix";
import { tokenRows } from "./authorization-matrix.tokens";
import { createUser } from "./factories";
import { webhookDeliveries, webhookEndpoints } from "../db/schema";
import type { App } from "../app";

async function endpoint(app: App) {
  const maker = await createUser(app.ctx.db, { role: "admin" });
  const [row] = await app.ctx.db
    .insert(webhookEndpoints)
    .values({
      url: "http://127.0.0.1:9/hooks",
      events: ["registration.created"],
      permissions: ["registrations.read"],
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      userId: maker.id,
    })
    .returning();
  const [delivery] = await app.ctx.db
    .insert(webhookDeliveries)
    .values({ endpointId: row!.id, eventType: "registration.created", subjectId: row!.id, data: {} })
    .returning();
  return { id: row!.id, deliveryId: delivery!.id };
}

export function webhookRows(): MatrixRow[] {
  return [
    { method: "GET", route: "/api/webhooks", ok: 200, prepare: async () => ({ url: "/api/webhooks" }) },
    {
      method: "POST",
      route: "/api/webhooks",
      ok: 201,
      prepare: async () => ({ url: "/api/webhooks", body: { url: "http://127.0.0.1:9/hooks", events: ["checkin.created"] } }),
    },
    {
      method: "PATCH",
      route: "/api/webhooks/:id",
      ok: 200,
      prepare: async (app) => ({ url: `/api/webhooks/${(await endpoint(app)).id}`, body: { enabled: false } }),
    },
    {
      method: "DELETE",
      route: "/api/webhooks/:id",
      ok: 204,
      prepare: async (app) => ({ url: `/api/webhooks/${(await endpoint(app)).id}` }),
    },
    {
      method: "GET",
      route: "/api/webhooks/:id/deliveries",
      ok: 200,
      prepare: async (app) => ({ url: `/api/webhooks/${(await endpoint(app)).id}/deliveries` }),
    },
    {
      method: "POST",
      route: "/api/webhooks/:id/deliveries/:deliveryId/resend",
      ok: 202,
      prepare: async (app) => {
        const { id, deliveryId } = await endpoint(app);
        return { url: `/api/webhooks/${id}/deliveries/${deliveryId}/resend` };
      },
    },
    {
      method: "POST",
      route: "/api/webhooks/:id/rotate-secret",
      ok: 200,
      prepare: async (app) => ({ url: `/api/webhooks/${(await endpoint(app)).id}/rotate-secret` }),
    },
  ];
}

/** Issue 37's rows: API tokens' and webhooks'. */
export const integrationRows = (): MatrixRow[] => [...tokenRows(), ...webhookRows()];
