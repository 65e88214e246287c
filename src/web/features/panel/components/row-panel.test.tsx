import { sessionUser } from "@web/test/session";
import type { RegistrationListItem } from "@common/schemas/registrations";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { registrationItem } from "./panel.test-support";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RowPanel } from "./row-panel";

const ID = "0d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a01";
const OTHER = "0d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a09";

function renderRow(item: RegistrationListItem, isAdmin: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(["session"], sessionUser(isAdmin ? "admin" : "member"));
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RowPanel registration={item} />
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
      {
        id: OTHER,
        eventId: OTHER,
        eventName: "Casting Rosario",
        eventDate: "2026-01-01",
        stage: "shortlisted" as const,
        fullName: "Ana P.",
        matchedBy: ["email" as const],
      },
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
    expect(screen.getByTestId("related-line")).toHaveTextContent(
      "También se registró enAna P. en Casting Rosario (01/01/26)mismo emailPreseleccionado",
    );
    expect(screen.getByRole("link", { name: "Abrir el registro de Ana P. en Casting Rosario (01/01/26)" })).toHaveAttribute(
      "href",
      `/dashboard/scouting/registrations/${OTHER}/edit`,
    );
    // A member sees the stage; only admins move it.
    expect(screen.getAllByTestId("stage-badge")[0]).toHaveTextContent("Callback");
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
  });

  it("tells apart entries of the same event: each names the event's date, who was found there and by what", () => {
    // Five people sharing one phone number registered in another event (issue 32's walk).
    const others = ["Bea", "Caro", "Dani", "Eli", "Flor"].map((name, i) => ({
      id: `0d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9b0${i}`,
      eventId: OTHER,
      eventName: "Casting Otoño",
      eventDate: "2031-03-10",
      stage: "new" as const,
      fullName: `${name} Ruiz`,
      matchedBy: i === 0 ? ["phone" as const, "email" as const] : ["phone" as const],
    }));
    renderRow({ ...item, related: others }, false);
    const links = within(screen.getByTestId("related-line")).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("aria-label"))).toEqual([
      "Abrir el registro de Bea Ruiz en Casting Otoño (10/03/31)",
      "Abrir el registro de Caro Ruiz en Casting Otoño (10/03/31)",
      "Abrir el registro de Dani Ruiz en Casting Otoño (10/03/31)",
      "Abrir el registro de Eli Ruiz en Casting Otoño (10/03/31)",
      "Abrir el registro de Flor Ruiz en Casting Otoño (10/03/31)",
    ]);
    expect(new Set(links.map((link) => link.getAttribute("href"))).size).toBe(5);
    const entries = within(screen.getByTestId("related-line")).getAllByRole("listitem");
    expect(links.map((link) => link.textContent)).toEqual([
      "Bea Ruiz en Casting Otoño (10/03/31)",
      "Caro Ruiz en Casting Otoño (10/03/31)",
      "Dani Ruiz en Casting Otoño (10/03/31)",
      "Eli Ruiz en Casting Otoño (10/03/31)",
      "Flor Ruiz en Casting Otoño (10/03/31)",
    ]);
    expect(entries[0]).toHaveTextContent("Bea Ruiz en Casting Otoño (10/03/31)mismo teléfono, mismo emailNuevo");
    expect(entries[1]).toHaveTextContent("Caro Ruiz en Casting Otoño (10/03/31)mismo teléfonoNuevo");
  });

  it("labels the panel's average and my score as the panel's", () => {
    renderRow(item, false);
    expect(screen.getByTestId("panel-summary")).toHaveTextContent(/^Panel:/);
    const mine = screen.getByRole("group", { name: "Mi puntaje del panel" });
    expect(
      within(mine)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["1", "2", "3", "4", "5"]);
    expect(screen.getByText("Mi puntaje del panel")).not.toHaveClass("sr-only");
  });

  it("marks no disagreement below a spread of 3, and gives admins the stage's select", () => {
    renderRow({ ...item, panel: { average: 4, count: 2, spread: 2, mine: null } }, true);
    expect(screen.queryByText("Desacuerdo")).not.toBeInTheDocument();
    expect(screen.getByText("Sin mi puntaje")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Etapa — Ana Pérez" })).toHaveValue("callback");
  });
});
