import { sessionUser } from "@web/test/session";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterAll, describe, expect, it, vi } from "vitest";
import { LanguageProvider } from "@web/lib/language";
import { scoutingEvent } from "../events.test-support";
import { EventsPage } from "./events-page";

const EVENT = scoutingEvent();

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** Answers /api/session with the given role and /api/events with `events` (or an error). */
function mockApi(role: "member" | "admin", events: () => Response | Promise<Response>) {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = String(input);
    if (url === "/api/session") {
      return json({ user: sessionUser(role, { id: "u1", email: "a@agency.test", fullName: "A", status: "approved" }) });
    }
    if (url === "/api/events") return events();
    if (url === "/api/public/settings") return json({ publicUrl: "https://casting.agencia.test" });
    return json({ error: { code: "route_not_found", message: "nope" } }, 404);
  });
}

function RegistrationsStub() {
  const location = useLocation();
  return <p>registrations for {(location.state as { eventId?: string } | null)?.eventId}</p>;
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: "/dashboard/scouting/events", element: <EventsPage /> },
      { path: "/dashboard/scouting/registrations", element: <RegistrationsStub /> },
      { path: "/dashboard/scouting/events/:eventId/edit", element: <p>edit page</p> },
    ],
    { initialEntries: ["/dashboard/scouting/events"] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <LanguageProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </LanguageProvider>,
  );
  return router;
}

describe("events list", () => {
  it("shows each card's name, description, es-AR date, location, Event ID, status and registrations", async () => {
    mockApi("admin", () =>
      json([
        EVENT,
        {
          ...EVENT,
          id: "6b0c7f0e-8f4e-4a53-9d6c-1f2a3b4c5d6e",
          slug: "cerrado",
          eventName: "Cerrado",
          status: "inactive",
          registrationCount: 0,
        },
      ]),
    );
    renderPage();
    expect(screen.getByText("Cargando eventos...")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 1, name: "Eventos de Scouting" })).toBeInTheDocument();
    const [first, second] = await screen.findAllByTestId("event-card");
    const card = within(first!);
    expect(card.getByRole("heading", { name: "Casting de otoño" })).toBeInTheDocument();
    expect(card.getByText("Casting abierto para nuevas caras.")).toBeInTheDocument();
    expect(card.getByText("05/03/26")).toBeInTheDocument();
    expect(card.getByText("Av. Corrientes 1234, CABA")).toBeInTheDocument();
    expect(first).toHaveTextContent("ID del evento: EV-2026-0007");
    expect(card.getByText("Activo").className).toMatch(/emerald/);
    expect(card.getByRole("button", { name: "Ver registros (3)" })).toBeInTheDocument();
    expect(within(second!).getByText("Inactivo").className).toMatch(/red/);
    expect(within(second!).getByRole("button", { name: "Ver registros (0)" })).toBeInTheDocument();
  });

  it("gives admins the Create Event button and the edit icon, and everyone the public page in a new tab", async () => {
    mockApi("admin", () => json([EVENT]));
    renderPage();
    expect(await screen.findByRole("link", { name: "Crear Evento" })).toHaveAttribute("href", "/dashboard/scouting/events/new");
    expect(screen.getByRole("link", { name: /Editar evento Casting de otoño/ })).toHaveAttribute(
      "href",
      `/dashboard/scouting/events/${EVENT.id}/edit`,
    );
    // The short address (issue 32); /events/<id>/register keeps working.
    const publicLink = screen.getByRole("link", { name: /página pública de registro de Casting de otoño/ });
    expect(publicLink).toHaveAttribute("href", "/e/casting-de-otono");
    expect(publicLink).toHaveAttribute("target", "_blank");
    expect(publicLink).toHaveAttribute("rel", expect.stringContaining("noopener"));
  });

  it("hides creating and editing from members", async () => {
    mockApi("member", () => json([EVENT]));
    renderPage();
    expect(await screen.findByRole("link", { name: /página pública de registro/ })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Crear Evento" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Editar evento/ })).not.toBeInTheDocument();
  });

  it("opens the registrations screen with the event pre-selected", async () => {
    mockApi("member", () => json([EVENT]));
    const router = renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Ver registros (3)" }));
    expect(router.state.location.pathname).toBe("/dashboard/scouting/registrations");
    expect(screen.getByText(`registrations for ${EVENT.id}`)).toBeInTheDocument();
  });

  it("shows the empty state", async () => {
    mockApi("admin", () => json([]));
    renderPage();
    expect(await screen.findByText("No hay eventos")).toBeInTheDocument();
    expect(screen.getByText("Empezá creando un nuevo evento de scouting.")).toBeInTheDocument();
  });

  it("speaks English when chosen: title, date, status, counts and actions", async () => {
    localStorage.setItem("language", "en");
    mockApi("admin", () => json([EVENT]));
    renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Scouting Events" })).toBeInTheDocument();
    const card = within(await screen.findByTestId("event-card"));
    expect(card.getByText("Mar 5, 2026")).toHaveAttribute("datetime", "2026-03-05");
    expect(card.getByText("Active")).toBeInTheDocument();
    expect(card.getByRole("button", { name: "View registrations (3)" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create Event" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Edit event Casting de otoño/ })).toBeInTheDocument();
  });

  it("shows the service's error message under 'Error loading events'", async () => {
    mockApi("member", () => json({ error: { code: "internal_error", message: "Something went wrong on our side." } }, 500));
    renderPage();
    expect(await screen.findByText("Error al cargar los eventos")).toBeInTheDocument();
    expect(screen.getByText("Something went wrong on our side.")).toBeInTheDocument();
  });
});

describe("the card's date never shifts with the time zone", () => {
  const originalTz = process.env.TZ;
  afterAll(() => {
    process.env.TZ = originalTz;
  });

  it.each([
    { zone: "America/Argentina/Buenos_Aires", offset: 180 },
    { zone: "Pacific/Kiritimati", offset: -840 },
  ])("shows 2026-03-05 as 05/03/26 under TZ=$zone", async ({ zone, offset }) => {
    process.env.TZ = zone;
    expect(new Date(2026, 2, 5).getTimezoneOffset()).toBe(offset);
    mockApi("member", () => json([EVENT]));
    renderPage();
    const card = within(await screen.findByTestId("event-card"));
    expect(card.getByText("05/03/26")).toHaveAttribute("datetime", "2026-03-05");
  });
});
