/** The registrations' rows of the authorisation matrix: the list, one registration, its edit, delete and CSV. */
import type { App } from "../app";
import type { MatrixRow } from "./authorization-matrix";
import { freshRegistration } from "./authorization-matrix.fixtures";

export function registrationRows(): MatrixRow[] {
  const one =
    (suffix = "") =>
    async (app: App) => ({ url: `/api/registrations/${(await freshRegistration(app)).registration.id}${suffix}` });
  return [
    { method: "GET", route: "/api/registrations", ok: 200 },
    { method: "GET", route: "/api/registrations/export.csv", ok: 200 },
    { method: "GET", route: "/api/registrations/:id", ok: 200, prepare: one() },
    {
      method: "PATCH",
      route: "/api/registrations/:id",
      ok: 200,
      prepare: async (app) => ({ ...(await one()(app)), body: { location: "Rosario" } }),
    },
    {
      // The same route with a review field: liked, attended and rating are an admin's (docs/product.md §6).
      method: "PATCH",
      route: "/api/registrations/:id",
      ok: 200,
      needs: "registrations.rate",
      prepare: async (app) => ({ ...(await one()(app)), body: { liked: true } }),
    },
    { method: "DELETE", route: "/api/registrations/:id", ok: 204, prepare: one() },
    {
      method: "POST",
      route: "/api/registrations/:id/resend-verification",
      ok: 202,
      prepare: one("/resend-verification"),
    },
  ];
}
