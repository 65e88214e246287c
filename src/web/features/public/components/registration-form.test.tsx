import type { PublicEvent } from "@common/schemas/public-responses";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { todayIso } from "@common/dates";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { LanguageProvider } from "@web/lib/language";
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

function renderForm(event: PublicEvent = EVENT, language = "es-AR") {
  localStorage.setItem("language", language);
  render(
    <LanguageProvider>
      <RegistrationForm
        event={event}
        onRegistered={vi.fn()}
        onJoinedWaitlist={vi.fn()}
        onSlotsStale={vi.fn()}
        onEventGone={vi.fn()}
      />
    </LanguageProvider>,
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

// Issue 32: a person under 16 learnt it only after filling the whole form.
describe("a birth date under 16", () => {
  // The same day `years` ago (a 29 February rolls over to 1 March).
  const yearsAgo = (years: number) => {
    const date = new Date(`${todayIso()}T12:00:00Z`);
    date.setUTCFullYear(date.getUTCFullYear() - years);
    return date.toISOString().slice(0, 10);
  };
  const dayAfter = (iso: string) => {
    const date = new Date(`${iso}T12:00:00Z`);
    date.setUTCDate(date.getUTCDate() + 1);
    return date.toISOString().slice(0, 10);
  };

  it("is said as soon as it is entered, tied to the field and announced, before any submit", () => {
    renderForm();
    const input = screen.getByLabelText("Fecha de nacimiento");
    // Turns 16 tomorrow: still 15.
    fireEvent.change(input, { target: { value: dayAfter(yearsAgo(16)) } });
    const message = screen.getByText("Tenés que tener al menos 16 años para registrarte.");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Tenés que tener al menos 16 años para registrarte.");
    expect(message.closest("[aria-live=polite]")).not.toBeNull();
    // Said at the field, not as a failed submit's summary.
    expect(screen.queryByText(/para corregir/)).not.toBeInTheDocument();
  });

  it("is not said at 16, and goes away when the date is corrected", () => {
    renderForm();
    const input = screen.getByLabelText("Fecha de nacimiento");
    fireEvent.change(input, { target: { value: yearsAgo(15) } });
    expect(screen.getByText("Tenés que tener al menos 16 años para registrarte.")).toBeInTheDocument();
    fireEvent.change(input, { target: { value: yearsAgo(16) } });
    expect(screen.queryByText(/al menos 16 años/)).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute("aria-invalid");
  });

  it("in English too", () => {
    renderForm(EVENT, "en");
    const input = screen.getByLabelText("Date of birth");
    fireEvent.change(input, { target: { value: yearsAgo(12) } });
    expect(input).toHaveAccessibleDescription("You must be at least 16 to register.");
  });

  it("is said once after a submit too", async () => {
    const user = userEvent.setup();
    renderForm();
    fireEvent.change(screen.getByLabelText("Fecha de nacimiento"), { target: { value: yearsAgo(14) } });
    await user.click(screen.getByRole("button", { name: "Enviar registro" }));
    const summary = await screen.findByRole("alert");
    expect(
      within(summary).getByRole("link", { name: /^Fecha de nacimiento: Tenés que tener al menos 16 años/ }),
    ).toBeInTheDocument();
    expect(screen.getAllByText("Tenés que tener al menos 16 años para registrarte.")).toHaveLength(1);
  });
});

// Issue 32: the waiting list was explained only by the submit button; point to the slots with room.
describe("a full slot chosen, with other slots that have room", () => {
  const event: PublicEvent = {
    ...EVENT,
    timeslots: [
      { id: "s1", startTime: "10:00", endTime: "11:00", capacity: 10, availableSpots: 0, started: false },
      { id: "s2", startTime: "11:00", endTime: "12:00", capacity: 10, availableSpots: 5, started: false },
      { id: "s3", startTime: "12:00", endTime: "13:00", capacity: 10, availableSpots: 0, started: false },
    ],
  };

  it("offers the waiting list and each slot with room, which a tap chooses", async () => {
    const user = userEvent.setup();
    renderForm(event);
    await user.click(screen.getByRole("radio", { name: /^10:00 - 11:00\s*Completo · lista de espera$/ }));
    const notice = screen.getByText(/Podés anotarte en la lista de espera/).closest("[role=alert]") as HTMLElement;
    expect(within(notice).getByText("¿Preferís un horario con lugar? Todavía hay en:")).toBeInTheDocument();
    expect(
      within(notice)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["11:00 - 12:00 (quedan 5 lugares)"]);
    expect(screen.getByRole("button", { name: "Anotarme en la lista de espera" })).toBeInTheDocument();

    await user.click(within(notice).getByRole("button", { name: "11:00 - 12:00 (quedan 5 lugares)" }));
    const roomy = screen.getByRole("radio", { name: /^11:00 - 12:00/ });
    expect(roomy).toBeChecked();
    await vi.waitFor(() => expect(roomy).toHaveFocus());
    expect(screen.queryByText(/Podés anotarte en la lista de espera/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Enviar registro" })).toBeInTheDocument();
  });

  it("in English too", async () => {
    const user = userEvent.setup();
    renderForm(event, "en");
    await user.click(screen.getByRole("radio", { name: /^12:00 – 13:00\s*Full · waiting list$/ }));
    expect(screen.getByRole("button", { name: "11:00 – 12:00 (5 spots left)" })).toBeInTheDocument();
  });
});

// Issue 32: the English form offered docs/product.md's Spanish eye colours.
describe("the eye colour's options", () => {
  it("read in English on the English form, and send docs/product.md's stored values", () => {
    renderForm(EVENT, "en");
    const select = screen.getByLabelText("Eye colour");
    expect(within(select).getByRole("option", { name: "Light blue" })).toHaveValue("Azul claro");
    expect(within(select).getByRole("option", { name: "Hazel" })).toHaveValue("Avellana/Hazel");
    expect(within(select).queryByRole("option", { name: "Marrón" })).not.toBeInTheDocument();
  });

  it("stay docs/product.md's options on the Spanish form", () => {
    renderForm();
    const select = screen.getByLabelText("Color de ojos");
    expect(within(select).getByRole("option", { name: "Marrón" })).toHaveValue("Marrón");
  });
});
