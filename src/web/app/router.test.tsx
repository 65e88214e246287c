import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, renderRoutes } from "@web/test/render-route";
import { routes } from "./router";

afterEach(() => vi.restoreAllMocks());

describe("the route table", () => {
  it("shows a loading state while the first lazy page loads, without React Router's HydrateFallback warning", async () => {
    const warn = vi.spyOn(console, "warn");
    mockFetch({
      "GET /api/session": () => ({ status: 200, body: { user: null } }),
      "GET /api/public/agency": () => ({
        status: 200,
        body: { name: "OpenCall", contactEmail: "contacto@example.com", website: null, logoUrl: null },
      }),
      "GET /api/public/settings": () => ({
        status: 200,
        body: { contactEmail: "contacto@example.com", staffSignup: "open", agencyEmailDomain: "example.com" },
      }),
    });
    renderRoutes(routes, "/login");
    expect(screen.getByRole("status")).toHaveTextContent("Cargando...");
    expect(await screen.findByRole("heading", { level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(warn.mock.calls.flat().join(" ")).not.toMatch(/HydrateFallback/);
  });
});
