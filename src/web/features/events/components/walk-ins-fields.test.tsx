import type { UpdateEventInput } from "@common/schemas/events";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { EventForm } from "./event-form";

const FILLED: UpdateEventInput = {
  eventName: "Casting",
  eventDate: "2026-03-05",
  location: "CABA",
  description: "",
  confirmationDetails: "",
  slug: "casting",
  status: "active",
  timeslots: [{ startTime: "10:00", endTime: "11:00", capacity: 10 }],
};

/** The form reads the public settings (the short address's origin): a client that never fetches them. */
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { enabled: false } } })}>
    {children}
  </QueryClientProvider>
);

function renderForm(defaultValues: UpdateEventInput = FILLED) {
  const onSubmit = vi.fn();
  render(<EventForm mode="edit" defaultValues={defaultValues} onSubmit={onSubmit} onCancel={() => {}} isPending={false} />, {
    wrapper,
  });
  return { onSubmit, save: () => userEvent.click(screen.getByRole("button", { name: "Guardar Cambios" })) };
}

describe("the event form's registering at the door (walk-ins, issue 35)", () => {
  it("sends walk-ins off for an event that says nothing, and asks for no cap until they are on", async () => {
    const { onSubmit, save } = renderForm();
    const enabled = screen.getByRole("checkbox", { name: "Aceptar registros en la puerta el día del casting" });
    expect(enabled).not.toBeChecked();
    expect(enabled).toHaveAccessibleDescription(/Quien llega sin inscripción escanea un cartel/);
    expect(screen.queryByLabelText("Máximo por día (opcional)")).not.toBeInTheDocument();
    await save();
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ walkIns: { enabled: false, dailyCap: null } });
  });

  it("turns walk-ins on with a daily cap, and an empty cap means no cap", async () => {
    const { onSubmit, save } = renderForm();
    await userEvent.click(screen.getByRole("checkbox", { name: "Aceptar registros en la puerta el día del casting" }));
    const cap = screen.getByLabelText("Máximo por día (opcional)");
    expect(cap).toHaveAccessibleDescription("Vacío: sin máximo.");
    await userEvent.type(cap, "80");
    await save();
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ walkIns: { enabled: true, dailyCap: 80 } });
    await userEvent.clear(cap);
    await save();
    expect(onSubmit.mock.calls[1]![0]).toMatchObject({ walkIns: { enabled: true, dailyCap: null } });
  });

  it("keeps an event's walk-ins, and refuses a cap below 1 with the rule in words", async () => {
    const { onSubmit, save } = renderForm({ ...FILLED, walkIns: { enabled: true, dailyCap: 40 } });
    const cap = screen.getByLabelText("Máximo por día (opcional)");
    expect(cap).toHaveValue(40);
    await userEvent.clear(cap);
    await userEvent.type(cap, "0");
    await save();
    expect(await screen.findByText("El máximo por día tiene que ser un número entero entre 1 y 10.000.")).toBeInTheDocument();
    expect(cap).toHaveAttribute("aria-invalid", "true");
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
