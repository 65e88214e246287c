import type { UpdateEventInput } from "@common/schemas/events";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { EventForm, type EventFormProps } from "./event-form";

const EMPTY: UpdateEventInput = {
  eventName: "",
  eventDate: "",
  location: "",
  description: "",
  confirmationDetails: "",
  status: "active",
  timeslots: [{ startTime: "", endTime: "", capacity: 10 }],
};

/** A form that saves as it is. */
const FILLED: UpdateEventInput = {
  ...EMPTY,
  eventName: "Casting",
  eventDate: "2026-03-05",
  location: "CABA",
  timeslots: [{ startTime: "10:00", endTime: "11:00", capacity: 10 }],
};

const SLOT_A = "0b0c7f0e-8f4e-4a53-9d6c-1f2a3b4c5d6e";

/** The form reads the public settings (the short address's origin): a client that never fetches them. */
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { enabled: false } } })}>
    {children}
  </QueryClientProvider>
);

function renderForm(props: Partial<EventFormProps> = {}) {
  const onSubmit = vi.fn();
  render(<EventForm mode="create" defaultValues={EMPTY} onSubmit={onSubmit} onCancel={() => {}} isPending={false} {...props} />, {
    wrapper,
  });
  return { onSubmit };
}

const slot = (n: number) => within(screen.getByRole("group", { name: `Horario ${n}` }));

describe("event form", () => {
  it("has every field of the create form with its label", () => {
    renderForm();
    for (const label of ["Nombre del Evento", "Fecha del Evento", "Ubicación", "Descripción", "Detalles de Confirmación"]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText("Detalles de Confirmación")).toHaveAccessibleDescription(
      "Esta información se enviará por email a los modelos cuando confirmen su registro.",
    );
    expect(screen.getByRole("heading", { name: "Horarios Disponibles" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Estado")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Crear Evento" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancelar" })).toBeInTheDocument();
  });

  it("adds slots with capacity 10 and offers removal only while more than one remains", async () => {
    renderForm();
    expect(slot(1).getByLabelText("Hora de inicio")).toBeInTheDocument();
    expect(slot(1).getByLabelText("Hora de fin")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Eliminar Horario/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Agregar Horario" }));
    expect(slot(2).getByLabelText("Cupo máximo")).toHaveValue(10);
    expect(screen.getAllByRole("button", { name: /Eliminar Horario/ })).toHaveLength(2);

    await userEvent.click(screen.getByRole("button", { name: "Eliminar Horario 1" }));
    expect(screen.queryByRole("group", { name: "Horario 2" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Eliminar Horario/ })).not.toBeInTheDocument();
  });

  it("shows the schema's messages and submits nothing when fields are missing or the capacity is below 1", async () => {
    const { onSubmit } = renderForm();
    await userEvent.clear(slot(1).getByLabelText("Cupo máximo"));
    await userEvent.type(slot(1).getByLabelText("Cupo máximo"), "0");
    await userEvent.click(screen.getByRole("button", { name: "Crear Evento" }));
    expect(await screen.findByText("El nombre del evento es obligatorio.")).toBeInTheDocument();
    expect(screen.getByText("La fecha del evento es obligatoria.")).toBeInTheDocument();
    expect(screen.getByText("La ubicación es obligatoria.")).toBeInTheDocument();
    expect(screen.getByText("La hora de inicio es obligatoria.")).toBeInTheDocument();
    expect(screen.getByText("El cupo mínimo es 1.")).toBeInTheDocument();
    expect(screen.getByLabelText("Nombre del Evento")).toHaveAttribute("aria-invalid", "true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("submits the values with the capacity as a number", async () => {
    const { onSubmit } = renderForm({ defaultValues: FILLED });
    await userEvent.clear(slot(1).getByLabelText("Cupo máximo"));
    await userEvent.type(slot(1).getByLabelText("Cupo máximo"), "25");
    await userEvent.click(screen.getByRole("button", { name: "Crear Evento" }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      eventName: "Casting",
      eventDate: "2026-03-05",
      timeslots: [{ startTime: "10:00", endTime: "11:00", capacity: 25 }],
    });
  });

  it("shows the busy texts while saving", () => {
    const { unmount } = render(
      <EventForm mode="create" defaultValues={EMPTY} onSubmit={() => {}} onCancel={() => {}} isPending />,
      { wrapper },
    );
    expect(screen.getByRole("button", { name: "Creando..." })).toBeDisabled();
    unmount();
    render(<EventForm mode="edit" defaultValues={EMPTY} onSubmit={() => {}} onCancel={() => {}} isPending />, { wrapper });
    expect(screen.getByRole("button", { name: "Guardando..." })).toBeDisabled();
  });

  it("edits the status and warns when a capacity goes below the registrations a slot holds", async () => {
    const { onSubmit } = renderForm({
      mode: "edit",
      defaultValues: {
        ...EMPTY,
        eventName: "Casting",
        eventDate: "2026-03-05",
        location: "CABA",
        slug: "casting",
        timeslots: [{ id: SLOT_A, startTime: "10:00", endTime: "11:00", capacity: 5 }],
      },
      registrationsBySlot: { [SLOT_A]: 3 },
    });
    const status = screen.getByLabelText("Estado");
    expect(
      within(status)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Activo", "Inactivo"]);
    expect(slot(1).getByLabelText("Cupo máximo")).toHaveAccessibleDescription("3 registros en este horario");
    expect(screen.queryByText(/El cupo es menor/)).not.toBeInTheDocument();

    await userEvent.clear(slot(1).getByLabelText("Cupo máximo"));
    await userEvent.type(slot(1).getByLabelText("Cupo máximo"), "2");
    expect(slot(1).getByText(/El cupo es menor que los 3 registros/)).toBeInTheDocument();

    // The warning does not block saving.
    await userEvent.selectOptions(status, "Inactivo");
    await userEvent.click(screen.getByRole("button", { name: "Guardar Cambios" }));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      status: "inactive",
      timeslots: [{ id: SLOT_A, startTime: "10:00", endTime: "11:00", capacity: 2 }],
    });
  });

  it("shows the save error", () => {
    renderForm({ errorMessage: "Error al crear el evento. Por favor, intente nuevamente." });
    expect(screen.getByRole("alert")).toHaveTextContent("Error al crear el evento. Por favor, intente nuevamente.");
  });

  it("describes each photos setting under its own choice, not one hint under the whole control", async () => {
    const { onSubmit } = renderForm({ defaultValues: { ...FILLED, photos: "required" } });
    const group = screen.getByRole("group", { name: "Fotos de los registrantes" });
    const choices = within(group).getAllByRole("radio");
    expect(choices.map((choice) => choice.getAttribute("value"))).toEqual(["required", "optional", "off"]);
    const photosText =
      "Cara, perfil y cuerpo entero, sacadas con el celular: sin las tres no se puede registrar. Solo el equipo las ve.";
    expect(within(group).getByRole("radio", { name: /Obligatorias/ })).toBeChecked();
    expect(within(group).getByRole("radio", { name: /Obligatorias/ })).toHaveAccessibleDescription(photosText);
    const off = within(group).getByRole("radio", { name: /No pedir fotos/ });
    expect(off).toHaveAccessibleDescription("El formulario no pide fotos.");
    // The photos' description is its own choice's only, and sits inside that choice.
    expect(within(group).getAllByText(/Cara, perfil y cuerpo entero/)).toHaveLength(1);
    expect(
      within(group)
        .getByText(/Cara, perfil y cuerpo entero/)
        .closest("label"),
    ).toHaveTextContent(/^Obligatorias/);

    await userEvent.click(off);
    await userEvent.click(screen.getByRole("button", { name: "Crear Evento" }));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ photos: "off" });
  });

  it("offers the short address on the edit form only", () => {
    const { unmount } = render(
      <EventForm mode="create" defaultValues={EMPTY} onSubmit={() => {}} onCancel={() => {}} isPending={false} />,
      { wrapper },
    );
    expect(screen.queryByLabelText("Dirección corta")).not.toBeInTheDocument();
    unmount();
    render(
      <EventForm
        mode="edit"
        defaultValues={{ ...EMPTY, slug: "casting" }}
        onSubmit={() => {}}
        onCancel={() => {}}
        isPending={false}
      />,
      { wrapper },
    );
    expect(screen.getByLabelText("Dirección corta")).toHaveValue("casting");
  });
});
