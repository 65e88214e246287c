import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LanguageProvider } from "@web/lib/language";
import { TimeslotOptions } from "./timeslot-options";

const slots = [1, 3, 0].map((availableSpots, i) => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  startTime: `1${i}:00`,
  endTime: `1${i + 1}:00`,
  capacity: 20,
  availableSpots,
  started: false,
}));

function renderIn(language: string) {
  localStorage.setItem("language", language);
  render(
    <LanguageProvider>
      <TimeslotOptions timeslots={slots} value="" onChange={() => {}} />
    </LanguageProvider>,
  );
}

describe("slot availability", () => {
  it("says one spot in the singular and more in the plural, in Spanish", () => {
    renderIn("es-AR");
    expect(screen.getByText("1 lugar disponible")).toBeInTheDocument();
    expect(screen.getByText("3 lugares disponibles")).toBeInTheDocument();
    expect(screen.getByText("0 lugares disponibles")).toBeInTheDocument();
  });

  it("and in English", () => {
    renderIn("en");
    expect(screen.getByText("1 spot left")).toBeInTheDocument();
    expect(screen.getByText("3 spots left")).toBeInTheDocument();
  });
});
