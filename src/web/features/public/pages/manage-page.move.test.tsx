import type { ManageView } from "@common/schemas/self-service";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { mockFetch } from "@web/test/render-route";
import { ManagePage } from "./manage-page";

// Issue 19: a registrant moves to another slot of the same event from their manage link.
const VIEW: ManageView = {
  registration: {
    registrationCode: "OC-7K3F9Q",
    fullName: "Valentina Núñez",
    status: "confirmed",
    state: "confirmed",
    timeslotId: "slot-1",
    checkInUrl: null,
  },
  event: { eventName: "Casting de otoño", eventDate: "2026-03-05", location: "Av. Corrientes 1234" },
  timeslot: { startTime: "10:00", endTime: "11:00" },
  clientSharing: { consent: false, awaitingGuardian: false, canGive: true },
  otherTimeslots: [
    { id: "slot-2", startTime: "15:30", endTime: "16:00", availableSpots: 3 },
    { id: "slot-3", startTime: "18:00", endTime: "19:00", availableSpots: 1 },
  ],
};
const MOVED: ManageView = {
  ...VIEW,
  registration: { ...VIEW.registration, timeslotId: "slot-3" },
  timeslot: { startTime: "18:00", endTime: "19:00" },
  otherTimeslots: [
    { id: "slot-1", startTime: "10:00", endTime: "11:00", availableSpots: 1 },
    { id: "slot-2", startTime: "15:30", endTime: "16:00", availableSpots: 3 },
  ],
};
const FULL_MESSAGE = "El horario elegido se completó. Por favor elegí otro horario.";

/** The "Horario" row of the registration's card. */
const shownSlot = () => screen.getByText("Horario").nextElementSibling;

async function renderPage(move: (body: unknown) => { status: number; body?: unknown }) {
  mockFetch({
    "GET /api/public/registrations/manage": () => ({ status: 200, body: VIEW }),
    "POST /api/public/registrations/manage/move": move,
  });
  render(<ManagePage token="manage-token" />);
  const section = (await screen.findByRole("heading", { name: "Cambiar de horario" })).closest("section")!;
  return {
    section,
    select: within(section).getByRole("combobox", { name: "Nuevo horario" }),
    button: within(section).getByRole("button", { name: "Cambiar horario" }),
  };
}

describe("moving to another slot from the manage page", () => {
  it("offers the other slots with room, sends the chosen one, and then shows the new slot", async () => {
    const move = vi.fn(() => ({ status: 200, body: MOVED }));
    const user = userEvent.setup();
    const { section, select, button } = await renderPage(move);
    expect(shownSlot()).toHaveTextContent("10:00 - 11:00");

    // The other slots with room, with their spots; the current one is not among them.
    const options = within(select)
      .getAllByRole("option")
      .map((option) => option.textContent)
      .filter(Boolean);
    expect(options).toEqual(["15:30 - 16:00 (3 lugares)", "18:00 - 19:00 (1 lugar)"]);
    // Nothing is sent before a slot is chosen.
    expect(button).toBeDisabled();

    await user.selectOptions(select, "18:00 - 19:00 (1 lugar)");
    expect(button).toBeEnabled();
    await user.click(button);

    expect(await screen.findByRole("status")).toHaveTextContent(
      "Cambiamos tu horario. Te enviamos la invitación actualizada por correo.",
    );
    expect(move).toHaveBeenCalledTimes(1);
    expect(move).toHaveBeenCalledWith({ t: "manage-token", timeslotId: "slot-3" });
    expect(shownSlot()).toHaveTextContent("18:00 - 19:00");
    expect(screen.getByTestId("registration-status")).toHaveTextContent("Confirmada");
    // The form now offers the slot left behind, and nothing is chosen any more.
    expect(
      within(section)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toContain("10:00 - 11:00 (1 lugar)");
    expect(within(section).getByRole("combobox", { name: "Nuevo horario" })).toHaveValue("");
    expect(within(section).getByRole("button", { name: "Cambiar horario" })).toBeDisabled();
  });

  it("a slot that filled meanwhile (409): the person is told, and keeps the slot they had", async () => {
    const move = vi.fn(() => ({ status: 409, body: { error: { code: "timeslot_full", message: FULL_MESSAGE } } }));
    const user = userEvent.setup();
    const { select, button } = await renderPage(move);

    await user.selectOptions(select, "15:30 - 16:00 (3 lugares)");
    await user.click(button);

    expect(await screen.findByRole("alert")).toHaveTextContent(FULL_MESSAGE);
    expect(move).toHaveBeenCalledWith({ t: "manage-token", timeslotId: "slot-2" });
    expect(shownSlot()).toHaveTextContent("10:00 - 11:00");
    expect(screen.queryByText(/Cambiamos tu horario/)).not.toBeInTheDocument();
    // They may choose again: the form is still there and usable.
    expect(button).toBeEnabled();
  });
});
