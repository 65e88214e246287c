import { sessionUser } from "@web/test/session";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "@common/schemas/accounts";
import { sessionQueryOptions } from "@web/features/accounts";
import { ThemeProvider } from "@web/lib/theme";
import { DashboardLayout } from "./dashboard-layout";

function user(role: SessionUser["role"]): SessionUser {
  return sessionUser(role);
}

function renderShell(role: SessionUser["role"], path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueryOptions().queryKey, user(role));
  const router = createMemoryRouter(
    [{ path: "/dashboard", element: <DashboardLayout />, children: [{ path: "*", element: <p>page</p> }] }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return router;
}

/** jsdom has no layout, so the fixed sidebar (hidden below 990 px by CSS only) is always in the tree. */
function sidebar() {
  return within(screen.getByTestId("sidebar"));
}

describe("dashboard shell", () => {
  it("opens Scouting by default and shows Administration to admins only", () => {
    renderShell("admin", "/dashboard/scouting/events");
    expect(sidebar().getByRole("button", { name: "Scouting" })).toHaveAttribute("aria-expanded", "true");
    expect(sidebar().getByRole("link", { name: "Eventos" })).toHaveAttribute("aria-current", "page");
    expect(sidebar().getByRole("link", { name: "Registros" })).toBeVisible();
    expect(sidebar().getByRole("button", { name: "Administración" })).toHaveAttribute("aria-expanded", "false");
  });

  it("shows the audit trail to the superadmin only (the API refuses admins)", () => {
    renderShell("admin", "/dashboard/admin/users");
    expect(sidebar().getByRole("link", { name: "Usuarios" })).toBeVisible();
    expect(sidebar().queryByRole("link", { name: "Auditoría" })).toBeNull();
    expect(sidebar().queryByRole("link", { name: "Agencia" })).toBeNull();
  });

  it("shows the audit trail in the superadmin's menu", () => {
    renderShell("superadmin", "/dashboard/admin/users");
    expect(sidebar().getByRole("link", { name: "Auditoría" })).toHaveAttribute("href", "/dashboard/admin/audit");
    expect(sidebar().getByRole("link", { name: "Agencia" })).toHaveAttribute("href", "/dashboard/admin/agency");
  });

  it("shows the API tokens and the webhooks to those who may manage them (admins, issue 37)", () => {
    renderShell("admin", "/dashboard/admin/users");
    expect(sidebar().getByRole("link", { name: "Tokens de API" })).toHaveAttribute("href", "/dashboard/admin/tokens");
    expect(sidebar().getByRole("link", { name: "Webhooks" })).toHaveAttribute("href", "/dashboard/admin/webhooks");
  });

  it("shows the room («Sala», issue 35) to those who call the line, current on its own path only", () => {
    renderShell("member", "/dashboard/check-in/room");
    expect(sidebar().getByRole("link", { name: "Sala" })).toHaveAttribute("aria-current", "page");
    expect(sidebar().getByRole("link", { name: "Llegadas" })).not.toHaveAttribute("aria-current");
  });

  it("hides the room and the door from a viewer", () => {
    renderShell("viewer", "/dashboard/scouting/events");
    expect(sidebar().queryByRole("link", { name: "Sala" })).toBeNull();
    expect(sidebar().queryByRole("link", { name: "Llegadas" })).toBeNull();
  });

  it("hides Administration from members", () => {
    renderShell("member", "/dashboard/scouting/events");
    expect(sidebar().queryByRole("button", { name: "Administración" })).toBeNull();
    expect(sidebar().queryByRole("link", { name: "Usuarios" })).toBeNull();
    expect(sidebar().queryByRole("link", { name: "Tokens de API" })).toBeNull();
    expect(sidebar().queryByRole("link", { name: "Webhooks" })).toBeNull();
  });

  it("opens a group by itself when the current path is one of its children", async () => {
    const router = renderShell("superadmin", "/dashboard/scouting/events");
    const administration = sidebar().getByRole("button", { name: "Administración" });
    expect(administration).toHaveAttribute("aria-expanded", "false");
    await act(() => router.navigate("/dashboard/admin/users"));
    expect(administration).toHaveAttribute("aria-expanded", "true");
    expect(sidebar().getByRole("link", { name: "Usuarios" })).toHaveAttribute("aria-current", "page");
  });

  it("starts with the group of the current path open", () => {
    renderShell("admin", "/dashboard/admin/users");
    expect(sidebar().getByRole("button", { name: "Administración" })).toHaveAttribute("aria-expanded", "true");
    expect(sidebar().getByRole("button", { name: "Scouting" })).toHaveAttribute("aria-expanded", "true");
  });

  it("collapses and expands a group from the keyboard", async () => {
    renderShell("admin", "/dashboard/scouting/events");
    const scouting = sidebar().getByRole("button", { name: "Scouting" });
    scouting.focus();
    await userEvent.keyboard("{Enter}");
    expect(scouting).toHaveAttribute("aria-expanded", "false");
    expect(sidebar().queryByRole("link", { name: "Eventos" })).toBeNull();
    await userEvent.keyboard(" ");
    expect(scouting).toHaveAttribute("aria-expanded", "true");
  });

  it("runs the drawer as a modal dialog: focus inside, Escape closes, focus back on the menu button", async () => {
    renderShell("member", "/dashboard/scouting/events");
    const menu = screen.getByRole("button", { name: "Abrir menú" });
    await userEvent.click(menu);
    const drawer = await screen.findByRole("dialog", { name: /Menú del panel/ });
    expect(drawer).toContainElement(document.activeElement as HTMLElement);
    expect(within(drawer).getByRole("navigation", { name: "Menú del panel" })).toBeVisible();
    expect(within(drawer).getByText("member@agency.test")).toBeVisible();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(menu).toHaveFocus();
  });

  it("closes the drawer when a menu link is followed", async () => {
    const router = renderShell("member", "/dashboard/scouting/events");
    await userEvent.click(screen.getByRole("button", { name: "Abrir menú" }));
    const drawer = await screen.findByRole("dialog");
    await userEvent.click(within(drawer).getByRole("link", { name: "Registros" }));
    expect(router.state.location.pathname).toBe("/dashboard/scouting/registrations");
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
