import { sessionUser } from "@web/test/session";
import type { Profile } from "@common/schemas/accounts";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, renderRoutes } from "@web/test/render-route";
import { UsersPage } from "./users-page";

const profile = (overrides: Partial<Profile>): Profile => ({
  id: "u1",
  email: "lucia@agency.test",
  fullName: "Lucía Pérez",
  role: "member",
  status: "pending",
  emailVerified: true,
  twoFactorEnabled: false,
  createdAt: "2026-03-05T13:00:00.000Z",
  ...overrides,
});

afterEach(() => vi.restoreAllMocks());

describe("user management", () => {
  it("says beside Approve that an unverified account cannot be approved yet", async () => {
    mockFetch({
      "GET /api/session": () => ({
        status: 200,
        body: { user: sessionUser("admin", { id: "a1", email: "admin@agency.test", fullName: "Admin", status: "approved" }) },
      }),
      "GET /api/public/settings": () => ({
        status: 200,
        body: { contactEmail: "c@agency.test", staffSignup: "open", agencyEmailDomain: "agency.test" },
      }),
      "GET /api/users": () => ({
        status: 200,
        body: {
          items: [
            profile({ id: "u1", email: "verified@agency.test" }),
            profile({ id: "u2", email: "unverified@agency.test", emailVerified: false }),
          ],
        },
      }),
    });
    renderRoutes([{ path: "/dashboard/admin/users", element: <UsersPage /> }], "/dashboard/admin/users");
    const rows = await screen.findAllByTestId("user-row");
    const [verified, unverified] = rows;

    const ready = within(verified!).getByRole("button", { name: /verified@agency\.test/ });
    expect(ready).toBeEnabled();
    expect(within(verified!).queryByText(/Todavía no verificó su correo/)).not.toBeInTheDocument();

    const waiting = within(unverified!).getByRole("button", { name: /unverified@agency\.test/ });
    expect(waiting).toBeDisabled();
    expect(waiting).toHaveAccessibleDescription("Todavía no verificó su correo: vas a poder aprobar la cuenta cuando lo haga.");
  });
});
