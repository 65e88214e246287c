import type { PublicEvent } from "@common/schemas/public-responses";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { RegistrationForm } from "./registration-form";

const EVENT: PublicEvent = {
  id: "e1",
  eventName: "Casting de otoño",
  eventDate: "2026-03-05",
  location: "Av. Corrientes 1234",
  description: "",
  photos: "off",
  timeslots: [{ id: "s1", startTime: "10:00", endTime: "11:00", capacity: 10, availableSpots: 5, started: false }],
};

function renderForm(event: PublicEvent = EVENT) {
  render(
    <RegistrationForm
      event={event}
      onRegistered={vi.fn()}
      onJoinedWaitlist={vi.fn()}
      onSlotsStale={vi.fn()}
      onEventGone={vi.fn()}
    />,
  );
}

describe("the public registration form's errors", () => {
  it("tells what is wrong with letters in the phone, not that the field is required", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText("Teléfono"), "abc");
    await user.click(screen.getByRole("button", { name: "Enviar registro" }));
    const summary = await screen.findByRole("alert");
    expect(within(summary).getByRole("link", { name: /^Teléfono:/ })).toHaveTextContent(
      "Teléfono: Ingresá un número de teléfono válido (solo números).",
    );
    expect(screen.getByLabelText("Teléfono")).toHaveAccessibleDescription(/Ingresá un número de teléfono válido/);
  });

  it("names each field once in the summary", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole("button", { name: "Enviar registro" }));
    const summary = await screen.findByRole("alert");
    const height = within(summary).getByRole("link", { name: /^Altura/ });
    expect(height).toHaveTextContent(/^Altura \(cm\): Ingresá un número entero entre 160 y 240\.$/);
    for (const link of within(summary).getAllByRole("link")) {
      const [label, ...rest] = (link.textContent ?? "").split(": ");
      const base = label!.replace(/ \(.*\)$/, "");
      expect(rest.join(": "), link.textContent ?? "").not.toMatch(new RegExp(`^${base}:`, "i"));
    }
  });
});

describe("a full time slot (issue 19)", () => {
  const full = (started: boolean): PublicEvent => ({
    ...EVENT,
    timeslots: [{ ...EVENT.timeslots[0]!, availableSpots: 0, started }],
  });

  it("offers its waiting list while it has not started", () => {
    renderForm(full(false));
    expect(screen.getByText(/Este horario está completo\. Podés anotarte en la lista de espera/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Anotarme en la lista de espera" })).toBeInTheDocument();
  });

  it("once started, says its line is closed and does not offer it", () => {
    renderForm(full(true));
    expect(
      screen.getByText("Este horario está completo y ya comenzó: no tiene lista de espera. Elegí otro horario."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Anotarme en la lista de espera" })).not.toBeInTheDocument();
    expect(screen.queryByText(/Podés anotarte en la lista de espera/)).not.toBeInTheDocument();
  });
});
