import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { sessionReply } from "@web/test/session";
import { scoutingEvent } from "../events.test-support";
import { EditEventPage } from "./edit-event-page";

const EVENT = scoutingEvent({
  location: "CABA",
  description: "",
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
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderAt(putAnswer: () => Response, getAnswer: () => Response = () => json(EVENT)) {
  const fetchMock = vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(async (input, init) =>
      init?.method === "PUT"
        ? putAnswer()
        : String(input).endsWith("/links")
          ? json([])
          : String(input) === "/api/session"
            ? json(sessionReply("admin").body)
            : getAnswer(),
    );
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

  it("leads an admin to the event's casting day (door passes, screens, the walk-in poster)", async () => {
    renderAt(() => json(EVENT));
    expect(await screen.findByRole("link", { name: "Día de casting" })).toHaveAttribute(
      "href",
      `/dashboard/scouting/events/${EVENT.id}/casting-day`,
    );
  });

  it("refuses to remove a slot that holds registrations where its remove button is, says why, and keeps the slot", async () => {
    const { fetchMock } = renderAt(() => json(EVENT));
    const remove = await screen.findByRole("button", { name: "Eliminar Horario 2" });
    const reason = "Este horario tiene 2 registros: no se puede quitar.";
    expect(remove).toHaveAttribute("aria-disabled", "true");
    expect(remove).toHaveAccessibleDescription(reason);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    await userEvent.click(remove);
    expect(screen.getByRole("alert")).toHaveTextContent(reason);
    expect(screen.getByRole("group", { name: "Horario 2" })).toBeInTheDocument();
    expect(screen.getAllByLabelText("Hora de inicio").map((input) => (input as HTMLInputElement).value)).toEqual([
      "10:00",
      "11:00",
    ]);
    // By keyboard too: the button stays focusable and answers the same.
    remove.focus();
    await userEvent.keyboard("{Enter}");
    expect(screen.getByRole("group", { name: "Horario 2" })).toBeInTheDocument();

    // A slot without registrations is removed as before.
    await userEvent.click(screen.getByRole("button", { name: "Eliminar Horario 1" }));
    expect(screen.queryByRole("group", { name: "Horario 2" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Guardar Cambios" }));
    await screen.findByText("events list");
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT")!;
    expect(JSON.parse(String(put[1]!.body)).timeslots).toEqual([
      { id: EVENT.timeslots[1]!.id, startTime: "11:00", endTime: "12:00", capacity: 5 },
    ]);
  });

  it.each([
    ["timeslot_in_use", "No se puede eliminar el horario 10:00 - 11:00: tiene 1 registro. No se guardó ningún cambio."],
    [
      "timeslot_has_waitlist",
      "No se puede eliminar el horario 10:00 - 11:00: 2 personas esperan un lugar en su lista de espera. No se guardó ningún cambio.",
    ],
  ])("when the server still refuses a removed slot (%s), shows its message and keeps what was entered", async (code, message) => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    renderAt(() => json({ error: { code, message } }, 409));
    // Registered or waiting for since the page was loaded: the form could not know.
    await userEvent.click(await screen.findByRole("button", { name: "Eliminar Horario 1" }));
    const name = screen.getByLabelText("Nombre del Evento");
    await userEvent.clear(name);
    await userEvent.type(name, "Casting de otoño (nuevo)");
    await userEvent.click(screen.getByRole("button", { name: "Guardar Cambios" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    expect(screen.getByLabelText("Nombre del Evento")).toHaveValue("Casting de otoño (nuevo)");
    expect(screen.getAllByLabelText("Hora de inicio").map((input) => (input as HTMLInputElement).value)).toEqual(["11:00"]);
    expect(screen.getByRole("button", { name: "Guardar Cambios" })).toBeEnabled();
  });

  it("edits the short address, showing the page it opens, and shows a taken one's refusal under it", async () => {
    const message = "La dirección /e/casting-cordoba ya la usa otro evento. Elegí otra. No se guardó ningún cambio.";
    const { fetchMock } = renderAt(() => json({ error: { code: "slug_taken", message, fields: { slug: message } } }, 409));
    vi.spyOn(console, "error").mockImplementation(() => {});
    const slug = await screen.findByLabelText("Dirección corta");
    expect(slug).toHaveValue("casting-de-otono");
    expect(slug).toHaveAccessibleDescription(expect.stringContaining("/e/casting-de-otono"));
    await userEvent.clear(slug);
    await userEvent.type(slug, "casting-cordoba");
    expect(slug).toHaveAccessibleDescription(expect.stringContaining("/e/casting-cordoba."));
    await userEvent.click(screen.getByRole("button", { name: "Guardar Cambios" }));
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(slug).toHaveAttribute("aria-invalid", "true");
    expect(slug).toHaveValue("casting-cordoba");
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT")!;
    expect(JSON.parse(String(put[1]!.body))).toMatchObject({ slug: "casting-cordoba" });
  });

  it("refuses a malformed short address before sending anything", async () => {
    const { fetchMock } = renderAt(() => json(EVENT));
    const slug = await screen.findByLabelText("Dirección corta");
    await userEvent.clear(slug);
    await userEvent.type(slug, "casting córdoba");
    await userEvent.click(screen.getByRole("button", { name: "Guardar Cambios" }));
    expect(
      await screen.findByText(
        "Usá solo letras minúsculas sin acentos, números y guiones (sin guion al principio ni al final, ni dos seguidos).",
      ),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(false);
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
