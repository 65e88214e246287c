import type { RegistrationListItem } from "@common/schemas/registrations";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { registrationItem } from "./panel.test-support";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RowPanel } from "./row-panel";

const ID = "0d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a01";
const OTHER = "0d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a09";

function renderRow(item: RegistrationListItem, isAdmin: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RowPanel registration={item} isAdmin={isAdmin} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response(JSON.stringify({ items: [] }), { status: 200 }));
});
afterEach(() => vi.restoreAllMocks());

describe("a row's panel", () => {
  const item = {
    ...registrationItem(ID, "Ana Pérez"),
    stage: "callback" as const,
    panel: { average: 3.33, count: 3, spread: 3, mine: 2 },
    tags: [{ id: "7d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10", name: "Editorial" }],
    related: [
      { id: OTHER, eventId: OTHER, eventName: "Casting Rosario", eventDate: "2026-01-01", stage: "shortlisted" as const },
    ],
  };

  it("shows the average, the count, the disagreement mark, my score, the tags and the same person elsewhere", () => {
    renderRow(item, false);
    expect(screen.getByText("Promedio 3,33")).toBeInTheDocument();
    expect(screen.getByText("3 puntajes")).toBeInTheDocument();
    expect(screen.getByText("Desacuerdo")).toBeInTheDocument();
    expect(screen.getByText("Mi puntaje: 2")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Puntuar 2" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText("Editorial")).toBeInTheDocument();
    expect(screen.getByTestId("related-line")).toHaveTextContent("También se registró en Casting Rosario (Preseleccionado)");
    expect(screen.getByRole("link", { name: "Abrir el registro en Casting Rosario" })).toHaveAttribute(
      "href",
      `/dashboard/scouting/registrations/${OTHER}/edit`,
    );
    // A member sees the stage; only admins move it.
    expect(screen.getByTestId("stage-badge")).toHaveTextContent("Callback");
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
  });

  it("marks no disagreement below a spread of 3, and gives admins the stage's select", () => {
    renderRow({ ...item, panel: { average: 4, count: 2, spread: 2, mine: null } }, true);
    expect(screen.queryByText("Desacuerdo")).not.toBeInTheDocument();
    expect(screen.getByText("Sin mi puntaje")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Etapa — Ana Pérez" })).toHaveValue("callback");
  });
});
