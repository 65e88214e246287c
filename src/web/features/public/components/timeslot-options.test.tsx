import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LanguageProvider } from "@web/lib/language";
import { TimeslotOptions } from "./timeslot-options";

const slot = (i: number, availableSpots: number, started = false) => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  startTime: `1${i}:00`,
  endTime: `1${i + 1}:00`,
  capacity: 20,
  availableSpots,
  started,
});
const slots = [slot(0, 1), slot(1, 3), slot(2, 0), slot(3, 12), slot(4, 0, true)];

function renderIn(language: string, value = "") {
  localStorage.setItem("language", language);
  render(
    <LanguageProvider>
      <TimeslotOptions timeslots={slots} value={value} onChange={() => {}} />
    </LanguageProvider>,
  );
}

describe("slot availability", () => {
  it("says one spot in the singular and more in the plural, in Spanish", () => {
    renderIn("es-AR");
    expect(screen.getByText("1 lugar disponible")).toBeInTheDocument();
    expect(screen.getByText("3 lugares disponibles")).toBeInTheDocument();
    expect(screen.getByText("12 lugares disponibles")).toBeInTheDocument();
  });

  it("and in English", () => {
    renderIn("en");
    expect(screen.getByText("1 spot left")).toBeInTheDocument();
    expect(screen.getByText("3 spots left")).toBeInTheDocument();
  });

  // Issue 32: a full slot read "0 lugares disponibles" in red at 70 % opacity (3.84:1).
  it("calls a full slot full, with its waiting list, in readable contrast", () => {
    renderIn("es-AR");
    expect(screen.queryByText(/^0 lugares/)).not.toBeInTheDocument();
    const full = screen.getByText("Completo · lista de espera");
    expect(full).toHaveClass("text-foreground");
    expect(full).not.toHaveClass("text-destructive");
    // Nothing around it fades it.
    for (let node: HTMLElement | null = full; node; node = node.parentElement) expect(node.className).not.toMatch(/opacity/);
    expect(screen.getByRole("radio", { name: /Completo · lista de espera/ })).toBeEnabled();
  });

  it("says a full slot that has started is full, without a waiting list", () => {
    renderIn("es-AR");
    expect(screen.getByRole("radio", { name: /^14:00 - 15:00\s*Completo$/ })).toBeInTheDocument();
  });

  it("keeps 3 spots or fewer in red, and more in the muted colour (docs/product.md §9)", () => {
    renderIn("es-AR");
    expect(screen.getByText("3 lugares disponibles")).toHaveClass("text-destructive");
    expect(screen.getByText("12 lugares disponibles")).toHaveClass("text-muted-foreground");
  });

  it("reads full in English too, chosen or not", () => {
    renderIn("en", slots[2]!.id);
    expect(screen.getByRole("radio", { name: /^12:00 – 13:00\s*Full · waiting list$/ })).toBeChecked();
    expect(screen.getByRole("radio", { name: /^14:00 – 15:00\s*Full$/ })).not.toBeChecked();
  });
});
