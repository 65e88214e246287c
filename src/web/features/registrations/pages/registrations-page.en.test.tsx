import { sessionUser } from "@web/test/session";
/** The registrations screen in English: the staff member's language, plurals and dates included. */
import type { RegistrationListItem } from "@common/schemas/registrations";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LanguageProvider } from "@web/lib/language";
import { RegistrationsPage } from "./registrations-page";
import { EVENT_ID, registrationItem } from "./registrations-page.test-support";

const event = { id: EVENT_ID, eventName: "Spring Casting", eventDate: "2026-03-05", location: "Av. Corrientes 1234" };

function item(id: string, fullName: string, overrides: Partial<RegistrationListItem> = {}): RegistrationListItem {
  return registrationItem(id, fullName, { eyeColor: "Hazel", event, ...overrides });
}

const items = [
  item("7d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10", "Ana Pérez", { age: 1 }),
  item("8e8f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a11", "Bruno Díaz", { status: "pending", emailVerified: false }),
  item("9f8f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a12", "Carla Gómez", { campaignCount: 1 }),
];

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
}

beforeEach(() => {
  localStorage.setItem("language", "en");
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = String(input);
    if (url === "/api/session") {
      return json({ user: sessionUser("admin", { id: "u1", email: "boss@agency.test", fullName: "Boss", status: "approved" }) });
    }
    if (url === "/api/events?fields=summary") {
      return json([
        { id: EVENT_ID, scoutingId: "EV-1", eventName: event.eventName, eventDate: event.eventDate, status: "active" },
      ]);
    }
    if (url.startsWith("/api/registrations?")) return json({ items, total: items.length, page: 1, pageSize: 20 });
    throw new Error(`unexpected request ${url}`);
  });
});
afterEach(() => {
  localStorage.removeItem("language");
});

function renderPage() {
  const router = createMemoryRouter([{ path: "/dashboard/scouting/registrations", element: <RegistrationsPage /> }], {
    initialEntries: [{ pathname: "/dashboard/scouting/registrations", state: { eventId: EVENT_ID } }],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <LanguageProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </LanguageProvider>,
  );
}

describe("registrations screen in English", () => {
  it("shows the list, its rows and its controls in English", async () => {
    renderPage();
    const ana = await screen.findByRole("listitem", { name: "Ana Pérez" });
    expect(screen.getByRole("heading", { name: "Registrations (3)" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Registrations" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Email history" })).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "Spring Casting — Mar 5, 2026" })).toBeInTheDocument();
    expect(screen.getByText("Showing 1 to 3 of 3 results")).toBeInTheDocument();

    // A real plural, not '1 years old'.
    expect(within(ana).getByText(/1 year old/)).toBeInTheDocument();
    expect(within(ana).getByRole("checkbox", { name: "Select Ana Pérez" })).toBeInTheDocument();
    expect(within(ana).getByRole("button", { name: "Delete Ana Pérez's registration" })).toBeInTheDocument();
    expect(within(ana).getByText("Confirmed")).toBeInTheDocument();

    const bruno = screen.getByRole("listitem", { name: "Bruno Díaz" });
    expect(within(bruno).getByText(/25 years old/)).toBeInTheDocument();
    expect(within(bruno).getByText("Pending")).toBeInTheDocument();
    expect(within(bruno).getByText("Email not verified")).toBeInTheDocument();

    const carla = screen.getByRole("listitem", { name: "Carla Gómez" });
    expect(within(carla).getByRole("button", { name: /Included in 1 email campaign for this event/ })).toBeInTheDocument();
    expect(screen.queryByText(/Registros|Seleccionar|Eliminar|años|Confirmada/)).toBeNull();
  });
});
