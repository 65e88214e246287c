import type { ScoutingEvent } from "@common/schemas/events";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { EditEventPage } from "./edit-event-page";

const EVENT: ScoutingEvent = {
  id: "5b0c7f0e-8f4e-4a53-9d6c-1f2a3b4c5d6e",
  scoutingId: "EV-2026-0007",
  eventName: "Casting de otoño",
  eventDate: "2026-03-05",
  location: "CABA",
  description: "",
  confirmationDetails: "",
  status: "active",
  photos: "required",
  createdBy: null,
  createdAt: "2026-01-10T12:00:00.000Z",
  registrationCount: 2,
  timeslots: [
    {
      id: "0b0c7f0e-8f4e-4a53-9d6c-1f2a3b4c5d6e",
      startTime: "10:00",
      endTime: "11:00",
      capacity: 5,
      registrationCount: 0,
      availableSpots: 5,
    },
    {
      id: "1b0c7f0e-8f4e-4a53-9d6c-1f2a3b4c5d6e",
      startTime: "11:00",
      endTime: "12:00",
      capacity: 5,
      registrationCount: 2,
      availableSpots: 3,
    },
  ],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderAt(putAnswer: () => Response, getAnswer: () => Response = () => json(EVENT)) {
  const fetchMock = vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(async (_input, init) => (init?.method === "PUT" ? putAnswer() : getAnswer()));
  const router = createMemoryRouter(
    [
      { path: "/dashboard/scouting/events/:eventId/edit", element: <EditEventPage /> },
      { path: "/dashboard/scouting/events", element: <p>events list</p> },
    ],
    { initialEntries: [`/dashboard/scouting/events/${EVENT.id}/edit`] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetchMock, router };
}

describe("edit event page", () => {
  it("loads the event, then saves the whole event with its slots and returns to the list", async () => {
    const { fetchMock, router } = renderAt(() => json(EVENT));
    expect(screen.getByText("Cargando evento...")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Editar Evento de Scouting" })).toBeInTheDocument();
    expect(await screen.findByLabelText("Nombre del Evento")).toHaveValue("Casting de otoño");
    await userEvent.click(screen.getByRole("button", { name: "Guardar Cambios" }));
    await screen.findByText("events list");
    expect(router.state.location.pathname).toBe("/dashboard/scouting/events");
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT")!;
    expect(put[0]).toBe(`/api/events/${EVENT.id}`);
    expect(JSON.parse(String(put[1]!.body))).toMatchObject({
      status: "active",
      timeslots: EVENT.timeslots.map(({ id, startTime, endTime, capacity }) => ({ id, startTime, endTime, capacity })),
    });
  });

  it.each([
    ["timeslot_in_use", "No se puede eliminar el horario 11:00 - 12:00: tiene 2 registros. No se guardó ningún cambio."],
    [
      "timeslot_has_waitlist",
      "No se puede eliminar el horario 11:00 - 12:00: 2 personas esperan un lugar en su lista de espera. No se guardó ningún cambio.",
    ],
  ])("shows the server's message when a removed slot is refused (%s)", async (code, message) => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    renderAt(() => json({ error: { code, message } }, 409));
    await userEvent.click(await screen.findByRole("button", { name: "Eliminar Horario 2" }));
    await userEvent.click(screen.getByRole("button", { name: "Guardar Cambios" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });

  it("asks to confirm a capacity below the slot's registrations, and sends the confirmation", async () => {
    const { fetchMock } = renderAt(() => json(EVENT));
    const capacity = (await screen.findAllByLabelText("Cupo máximo"))[1]!;
    const confirmation = "Guardar igual, con horarios sobrevendidos";
    expect(screen.queryByLabelText(confirmation)).not.toBeInTheDocument();
    await userEvent.clear(capacity);
    await userEvent.type(capacity, "1");
    await userEvent.click(screen.getByLabelText(confirmation));
    await userEvent.click(screen.getByRole("button", { name: "Guardar Cambios" }));
    await screen.findByText("events list");
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT")!;
    expect(JSON.parse(String(put[1]!.body))).toMatchObject({
      confirmCapacityBelowRegistrations: true,
      timeslots: [{ capacity: 5 }, { capacity: 1 }],
    });
  });

  it.each([
    [
      "capacity_below_registrations",
      "El cupo del horario 11:00 - 12:00 es menor que sus 2 registros. Confirmá que querés dejarlo sobrevendido. No se guardó ningún cambio.",
    ],
    [
      "capacity_below_held_offers",
      "El cupo del horario 11:00 - 12:00 no puede ser menor que 2: tiene 1 registro y 1 lugar ofrecido a la lista de espera, reservados hasta que respondan o venza la oferta. No se guardó ningún cambio.",
    ],
  ])("shows the server's message when a capacity is refused (%s)", async (code, message) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderAt(() => json({ error: { code, message } }, 409));
    const capacity = (await screen.findAllByLabelText("Cupo máximo"))[1]!;
    await userEvent.clear(capacity);
    await userEvent.type(capacity, "1");
    await userEvent.click(screen.getByRole("button", { name: "Guardar Cambios" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("shows the catalogue's message for any other failure", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderAt(() => json({ error: { code: "internal_error", message: "x" } }, 500));
    await userEvent.click(await screen.findByRole("button", { name: "Guardar Cambios" }));
    expect(await screen.findByText("Error al actualizar el evento. Por favor, intente nuevamente.")).toBeInTheDocument();
  });

  it("says 'Error al cargar el evento' when the event cannot be loaded", async () => {
    renderAt(
      () => json(EVENT),
      () => json({ error: { code: "event_not_found", message: "Evento no encontrado" } }, 404),
    );
    expect(await screen.findByText("Error al cargar el evento")).toBeInTheDocument();
  });
});
