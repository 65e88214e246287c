import type { RegistrationDetail } from "@common/schemas/registrations";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { LanguageProvider } from "@web/lib/language";
import { registrationItem, SLOT_ID, testEvent } from "../pages/registrations-page.test-support";
import { RegistrationEditForm } from "./registration-edit-form";

const FULL_ID = "2c5c1c9e-7d39-4a4e-9d43-0b1f7f2b6a03";
const OPEN_ID = "3c5c1c9e-7d39-4a4e-9d43-0b1f7f2b6a04";

const registration: RegistrationDetail = {
  ...registrationItem("4f1c2d3e-4b5a-4c6d-8e7f-001122334455", "Martina Sosa", { eyeColor: "Azul claro" }),
  event: { ...testEvent, description: "", confirmationDetails: "" },
  timeslots: [
    // Her own slot: full, but she holds one of its spots.
    { id: SLOT_ID, startTime: "10:00", endTime: "11:00", capacity: 10, availableSpots: 0 },
    { id: FULL_ID, startTime: "11:00", endTime: "12:00", capacity: 10, availableSpots: 0 },
    { id: OPEN_ID, startTime: "12:00", endTime: "13:00", capacity: 10, availableSpots: 8 },
  ],
};

function renderForm(language = "es-AR") {
  localStorage.setItem("language", language);
  render(
    <LanguageProvider>
      <RegistrationEditForm registration={registration} saving={false} onSubmit={vi.fn()} onCancel={vi.fn()} />
    </LanguageProvider>,
  );
}

// Issue 32: the slots read as on the public form; a full one was "0 lugares disponibles" in red at 60 %.
describe("the staff edit form's slots", () => {
  it("calls a full slot full in readable contrast, and keeps it out of reach", () => {
    renderForm();
    const full = screen.getByRole("radio", { name: /^11:00 - 12:00\s*Completo$/ });
    expect(full).toBeDisabled();
    const label = within(full.closest("label")!).getByText("Completo");
    expect(label).toHaveClass("text-foreground");
    for (let node: HTMLElement | null = label; node; node = node.parentElement) expect(node.className).not.toMatch(/opacity/);
    expect(screen.queryByText(/^0 lugares/)).not.toBeInTheDocument();
  });

  it("counts the person's own spot in her slot (low: red) and the others' room", () => {
    renderForm();
    expect(screen.getByRole("radio", { name: /^10:00 - 11:00\s*1 lugar disponible$/ })).toBeChecked();
    expect(screen.getByText("1 lugar disponible")).toHaveClass("text-destructive");
    expect(screen.getByText("8 lugares disponibles")).toHaveClass("text-muted-foreground");
  });

  it("reads the same in English, 24-hour", () => {
    renderForm("en");
    expect(screen.getByRole("radio", { name: /^11:00 – 12:00\s*Full$/ })).toBeDisabled();
    expect(screen.getByRole("radio", { name: /^12:00 – 13:00\s*8 spots left$/ })).toBeEnabled();
  });
});

// Issue 32: the English staff edit offered docs/product.md's Spanish eye colours.
describe("the staff edit form's eye colour", () => {
  it("offers English labels for the stored Spanish values", () => {
    renderForm("en");
    const select = screen.getByLabelText("Eye colour");
    expect(select).toHaveValue("Azul claro");
    expect(within(select).getByRole("option", { name: "Light blue" })).toHaveValue("Azul claro");
  });
});
