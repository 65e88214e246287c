import type { ProfileStatus } from "@common/constants";
import type { Role } from "@common/permissions";
import { sessionUser } from "@web/test/session";
import { screen, waitFor } from "@testing-library/react";
import { Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { mockFetch, renderRoutes } from "@web/test/render-route";
import { RequireAuth, RequireCapability } from "./guards";

const user = (role: Role, status: ProfileStatus) => ({
  status: 200,
  body: { user: sessionUser(role, { id: "u1", email: "ana@agency.test", fullName: "Ana", status }) },
});

const routes = [
  { path: "/login", element: <p>login page</p> },
  {
    path: "/dashboard",
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <p>dashboard home</p> },
      {
        path: "admin/users",
        element: (
          <RequireCapability capability="users.manage">
            <p>users screen</p>
          </RequireCapability>
        ),
      },
    ],
  },
];

describe("guards (docs/product.md §2)", () => {
  it("renders nothing while the session loads, then sends a visitor to /login", async () => {
    let answer: (value: { status: number }) => void = () => {};
    mockFetch({ "GET /api/session": () => new Promise((resolve) => (answer = resolve)) });
    const { container, router } = renderRoutes(routes, "/dashboard");
    expect(container).toBeEmptyDOMElement();
    answer({ status: 200, body: { user: null } } as never);
    expect(await screen.findByText("login page")).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: "/dashboard" });
  });

  it("shows a pending account only the awaiting-approval screen", async () => {
    mockFetch({ "GET /api/session": () => user("member", "pending") });
    renderRoutes(routes, "/dashboard");
    expect(await screen.findByRole("heading", { name: "Tu cuenta está esperando aprobación" })).toBeInTheDocument();
    expect(screen.queryByText("dashboard home")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cerrar sesión" })).toBeInTheDocument();
  });

  it("counts a pending superadmin as approved", async () => {
    mockFetch({ "GET /api/session": () => user("superadmin", "pending") });
    renderRoutes(routes, "/dashboard/admin/users");
    expect(await screen.findByText("users screen")).toBeInTheDocument();
  });

  it("sends a member away from an admin-only route to /dashboard", async () => {
    mockFetch({ "GET /api/session": () => user("member", "approved") });
    const { router } = renderRoutes(routes, "/dashboard/admin/users");
    expect(await screen.findByText("dashboard home")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it.each([
    [500, "No se pudo cargar el perfil"],
    [404, "No se encontró el perfil en la base de datos"],
  ])("falls back to member/pending when the profile answers %i", async (status, text) => {
    mockFetch({ "GET /api/session": () => ({ status, body: { error: { code: "x", message: "x" } } }) });
    renderRoutes(routes, "/dashboard");
    expect(await screen.findByText(text, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Tu cuenta está esperando aprobación" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("dashboard home")).not.toBeInTheDocument());
  });
});
