/**
 * API tokens' rows of the authorisation matrix (issue 37): all three need tokens.manage; the
 * statuses come from the table. (A token calling them is refused apart: tokens.routes.test.ts.)
 */
import { randomUUID } from "node:crypto";
import type { MatrixRow } from "./authorization-matrix";
import { createUser } from "./factories";
import { apiTokens } from "../db/schema";

export function tokenRows(): MatrixRow[] {
  return [
    { method: "GET", route: "/api/tokens", ok: 200, prepare: async () => ({ url: "/api/tokens" }) },
    {
      method: "POST",
      route: "/api/tokens",
      ok: 201,
      prepare: async () => ({ url: "/api/tokens", body: { name: "Planilla", permissions: ["events.read"] } }),
    },
    {
      method: "DELETE",
      route: "/api/tokens/:id",
      ok: 204,
      prepare: async (app) => {
        const maker = await createUser(app.ctx.db, { role: "admin" });
        const [token] = await app.ctx.db
          .insert(apiTokens)
          .values({ name: "Sync", tokenHash: randomUUID(), permissions: ["events.read"], userId: maker.id })
          .returning();
        return { url: `/api/tokens/${token!.id}` };
      },
    },
  ];
}
