import type { ProfileStatus } from "@common/constants";
import type { Role } from "@common/permissions";
import { sessionUser } from "@web/test/session";
import { screen, waitFor } from "@testing-library/react";
import { Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, renderRoutes } from "@web/test/render-route";
import { CheckInLink, RequireAuth, RequireCapability } from "./guards";

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

// Issue 35: the check-in QR code opened on the person's own phone shows their place in the line.
describe("the check-in QR code's link", () => {
  const checkInRoutes = [
    { path: "/check-in", element: <CheckInLink /> },
    { path: "/dashboard/check-in", element: <p>check-in screen</p> },
  ];
  const realLocation = window.location;
  /** The document's address (jsdom cannot load another page): what the link asks it to become. */
  function watchDocumentAddress() {
    const replace = vi.fn();
    Object.defineProperty(window, "location", { configurable: true, value: { ...realLocation, replace } });
    return replace;
  }
  afterEach(() => Object.defineProperty(window, "location", { configurable: true, value: realLocation }));

  it("opens the person's place when nobody is signed in on the phone", async () => {
    const replace = watchDocumentAddress();
    mockFetch({ "GET /api/session": () => ({ status: 200, body: { user: null } }) });
    const { container } = renderRoutes(checkInRoutes, "/check-in?t=check-in-token");
    await waitFor(() => expect(replace).toHaveBeenCalledWith("/turno?t=check-in-token"));
    expect(container).toBeEmptyDOMElement();
  });

  it.each([
    ["a staff account", user("member", "approved")],
    [
      "a volunteer's door pass",
      {
        status: 200,
        body: {
          user: sessionUser("member", {
            email: "",
            fullName: "Puerta 1",
            pass: {
              id: "8f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f",
              name: "Puerta 1",
              expiresAt: "2027-04-09T23:00:00.000-03:00",
              event: { id: "6f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f", eventName: "Casting de otoño", eventDate: "2027-04-09" },
            },
          }),
        },
      },
    ],
  ])("keeps going to the check-in screen for %s", async (_who, session) => {
    const replace = watchDocumentAddress();
    mockFetch({ "GET /api/session": () => session });
    const { router } = renderRoutes(checkInRoutes, "/check-in?t=check-in-token");
    expect(await screen.findByText("check-in screen")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?t=check-in-token");
    expect(replace).not.toHaveBeenCalled();
  });
});
