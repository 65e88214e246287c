import { sessionUser } from "@web/test/session";
/** The compact view: a table with the detailed rows' actions, chosen per staff member and remembered. */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { LanguageProvider } from "@web/lib/language";
import { RegistrationsPage } from "./registrations-page";
import { EVENT_ID, registrationItem, testEvent } from "./registrations-page.test-support";

const event = testEvent;

const ANA = "7d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10";
const BRUNO = "8e8f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a11";

const item = registrationItem;

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
}

let user: { id: string; role: "admin" | "member" };
let reviews: Array<{ url: string; body: unknown }>;
beforeEach(() => {
  user = { id: "u1", role: "admin" };
  reviews = [];
  const items = [item(ANA, "Ana Pérez"), item(BRUNO, "Bruno Díaz", { status: "pending", emailVerified: false })];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === "/api/session") {
      return json({ user: sessionUser(user.role, { ...user, email: "staff@agency.test", fullName: "Staff" }) });
    }
    if (url === "/api/events?fields=summary") {
      return json([
        { id: EVENT_ID, scoutingId: "EV-1", eventName: event.eventName, eventDate: event.eventDate, status: "active" },
      ]);
    }
    if (url.startsWith("/api/registrations?")) return json({ items, total: items.length, page: 1, pageSize: 20 });
    if (url === `/api/registrations/${ANA}` && init?.method === "PATCH") {
      const body: unknown = JSON.parse(String(init.body));
      reviews.push({ url, body });
      items[0] = { ...items[0]!, ...(body as object) };
      return json(items[0]);
    }
    throw new Error(`unexpected request ${init?.method ?? "GET"} ${url}`);
  });
});

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: "/dashboard/scouting/registrations", element: <RegistrationsPage /> },
      { path: "/dashboard/scouting/registrations/:id/edit", element: <p>edit page</p> },
    ],
    { initialEntries: [{ pathname: "/dashboard/scouting/registrations", state: { eventId: EVENT_ID } }] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <LanguageProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </LanguageProvider>,
  );
}

const anaRow = () => screen.getByRole("row", { name: /Ana Pérez/ });

describe("registrations screen: compact view", () => {
  it("switches to a table whose rows keep the detailed rows' controls and actions", async () => {
    const events = userEvent.setup();
    renderPage();
    await screen.findByRole("listitem", { name: "Ana Pérez" });
    const group = screen.getByRole("group", { name: "Vista de la lista" });
    expect(within(group).getByRole("button", { name: "Vista detallada" })).toHaveAttribute("aria-pressed", "true");

    await events.click(within(group).getByRole("button", { name: "Vista compacta" }));
    expect(within(group).getByRole("button", { name: "Vista compacta" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.queryByRole("listitem", { name: "Ana Pérez" })).toBeNull();
    const table = screen.getByRole("table", { name: "Registros del evento, uno por fila" });
    for (const column of ["Selección", "Nombre", "Edad", "Horario", "Email", "Revisión", "Acciones"]) {
      expect(within(table).getByRole("columnheader", { name: column })).toBeInTheDocument();
    }
    expect(within(table).getAllByRole("row")).toHaveLength(3);

    const ana = anaRow();
    expect(within(ana).getByRole("rowheader", { name: "Ana Pérez" })).toBeInTheDocument();
    expect(within(ana).getByRole("checkbox", { name: "Seleccionar a Ana Pérez" })).toBeInTheDocument();
    expect(within(ana).getByRole("button", { name: "Descargar ficha de Ana Pérez" })).toBeInTheDocument();
    expect(within(ana).getByRole("button", { name: "Eliminar registro de Ana Pérez" })).toBeInTheDocument();
    expect(within(ana).queryByRole("button", { name: /Reenviar/ })).toBeNull();
    const bruno = screen.getByRole("row", { name: /Bruno Díaz/ });
    expect(within(bruno).getByRole("button", { name: "Reenviar email de verificación a Bruno Díaz" })).toBeInTheDocument();
    expect(within(bruno).getByText("Sin verificar")).toBeInTheDocument();
    expect(within(ana).getByText("Verificado")).toBeInTheDocument();

    // The rating and the toggles write through the same mutation as the detailed row.
    await events.click(within(ana).getByRole("button", { name: "4 estrellas" }));
    await events.click(within(ana).getByRole("button", { name: "Seleccionada" }));
    await waitFor(() => expect(reviews.map((r) => r.body)).toEqual([{ rating: 4 }, { liked: true }]));
    expect(within(anaRow()).getByRole("button", { name: "4 estrellas" })).toHaveAttribute("aria-pressed", "true");

    // Deleting asks first, as on the detailed row.
    await events.click(within(anaRow()).getByRole("button", { name: "Eliminar registro de Ana Pérez" }));
    expect(await screen.findByRole("dialog", { name: "Eliminar registro" })).toBeInTheDocument();
    await events.click(screen.getByRole("button", { name: "Cancelar" }));

    await events.click(within(anaRow()).getByRole("link", { name: "Editar registro de Ana Pérez" }));
    expect(await screen.findByText("edit page")).toBeInTheDocument();
  });

  it("shows a member the table with what they see today: no selection, the review read-only", async () => {
    user = { id: "m1", role: "member" };
    localStorage.setItem("opencall.registrationsView.m1", "compact");
    renderPage();
    await screen.findByRole("table");
    const ana = anaRow();
    expect(screen.queryByRole("columnheader", { name: "Selección" })).toBeNull();
    expect(within(ana).queryByRole("checkbox")).toBeNull();
    expect(within(ana).getByRole("button", { name: "4 estrellas" })).toBeDisabled();
    expect(within(ana).getByRole("button", { name: "Seleccionada" })).toBeDisabled();
    expect(within(ana).getByRole("link", { name: "Editar registro de Ana Pérez" })).toBeInTheDocument();
  });

  it("remembers the choice for the user on the device", async () => {
    const events = userEvent.setup();
    const first = renderPage();
    await events.click(await screen.findByRole("button", { name: "Vista compacta" }));
    expect(localStorage.getItem("opencall.registrationsView.u1")).toBe("compact");
    first.unmount();

    renderPage();
    expect(await screen.findByRole("table")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Vista compacta" })).toHaveAttribute("aria-pressed", "true");
  });

  it("starts another user with the detailed view", async () => {
    localStorage.setItem("opencall.registrationsView.u1", "compact");
    user = { id: "u2", role: "admin" };
    renderPage();
    expect(await screen.findByRole("listitem", { name: "Ana Pérez" })).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByRole("button", { name: "Vista detallada" })).toHaveAttribute("aria-pressed", "true");
  });

  it("speaks English", async () => {
    localStorage.setItem("language", "en");
    const events = userEvent.setup();
    renderPage();
    const group = await screen.findByRole("group", { name: "List view" });
    expect(within(group).getByRole("button", { name: "Detailed view" })).toHaveAttribute("aria-pressed", "true");
    await events.click(within(group).getByRole("button", { name: "Compact view" }));
    const table = screen.getByRole("table", { name: "The event's registrations, one per row" });
    expect(within(table).getByRole("columnheader", { name: "Time slot" })).toBeInTheDocument();
    expect(within(anaRow()).getByRole("link", { name: "Edit Ana Pérez's registration" })).toBeInTheDocument();
  });
});
