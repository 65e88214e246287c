import { sessionUser } from "@web/test/session";
import type { RegistrationPanel } from "@common/schemas/panel";
import type { RegistrationListItem } from "@common/schemas/registrations";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MemoryRouter } from "react-router";
import { registrationItem } from "./panel.test-support";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FastReview } from "./fast-review";

const ids = [
  "0d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a01",
  "0d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a02",
  "0d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a03",
];
const people = ["Ana Pérez", "Bruno Díaz", "Carla Gómez"];

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

let items: RegistrationListItem[];
let calls: Call[];

function mockApi() {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const id = ids.find((candidate) => url.includes(candidate));
    const current = items.find((item) => item.id === id);
    if (current && url.endsWith("/panel")) {
      const panel: RegistrationPanel = {
        panel: current.panel,
        myNote: null,
        notes: [
          { author: { id: "u2", name: "Scout Dos" }, note: "Buena pasarela", updatedAt: "2026-03-01T15:00:00.000Z", mine: false },
        ],
        stageHistory: [],
      };
      return json(panel);
    }
    if (current && url.endsWith("/my-score") && method === "PUT") {
      const score = (body as { score: number }).score;
      return json({ ...current, panel: { average: score, count: 1, spread: 0, mine: score } });
    }
    if (current && url.endsWith("/stage") && method === "POST") {
      return json({ ...current, stage: (body as { stage: string }).stage });
    }
    throw new Error(`unexpected request ${method} ${url}`);
  });
}

function Harness() {
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(true);
  return <FastReview open={open} onOpenChange={setOpen} items={items} index={index} onIndexChange={setIndex} />;
}

function renderReview(isAdmin = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(["session"], sessionUser(isAdmin ? "admin" : "member"));
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Harness />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const shown = () => within(screen.getByTestId("review-card")).getByRole("heading", { level: 2 }).textContent;
const writes = () => calls.filter((call) => call.method !== "GET");

beforeEach(() => {
  items = ids.map((id, i) => registrationItem(id, people[i]!));
  calls = [];
  mockApi();
});
afterEach(() => vi.restoreAllMocks());

describe("fast review by keyboard", () => {
  it("moves with →/← and J/K, scores with 1–5, shortlists with S, discards with D", async () => {
    const user = userEvent.setup();
    renderReview();
    expect(shown()).toBe("Ana Pérez");
    expect(screen.getByTestId("review-position")).toHaveTextContent("1 de 3");
    await user.keyboard("4");
    await waitFor(() =>
      expect(writes()).toEqual([{ method: "PUT", url: `/api/registrations/${ids[0]}/my-score`, body: { score: 4 } }]),
    );
    await user.keyboard("{ArrowRight}");
    expect(shown()).toBe("Bruno Díaz");
    await user.keyboard("j");
    expect(shown()).toBe("Carla Gómez");
    await user.keyboard("j"); // the last one: nowhere further
    expect(shown()).toBe("Carla Gómez");
    await user.keyboard("k");
    expect(shown()).toBe("Bruno Díaz");
    await user.keyboard("s");
    await user.keyboard("{ArrowLeft}");
    expect(shown()).toBe("Ana Pérez");
    await user.keyboard("d");
    await waitFor(() =>
      expect(writes().slice(1)).toEqual([
        { method: "POST", url: `/api/registrations/${ids[1]}/stage`, body: { stage: "shortlisted" } },
        { method: "POST", url: `/api/registrations/${ids[0]}/stage`, body: { stage: "discarded" } },
      ]),
    );
  });

  it("N writes a note: keys typed there are text, not shortcuts; Esc leaves the note, not the review", async () => {
    const user = userEvent.setup();
    renderReview();
    await user.keyboard("n");
    const note = screen.getByRole("textbox", { name: "Mi nota" });
    expect(note).toHaveFocus();
    await user.keyboard("Muy buena 5");
    expect(note).toHaveValue("Muy buena 5");
    expect(writes()).toEqual([]);
    expect(shown()).toBe("Ana Pérez");
    await user.keyboard("{Escape}");
    expect(note).not.toHaveFocus();
    expect(screen.getByTestId("fast-review")).toBeInTheDocument();
    expect(await screen.findByText("Buena pasarela")).toBeInTheDocument();
    expect(screen.getByText(/Scout Dos/)).toBeInTheDocument();
  });

  it("? lists the shortcuts; Esc closes the list first, then the review", async () => {
    const user = userEvent.setup();
    renderReview();
    await user.keyboard("?");
    const overlay = screen.getByTestId("shortcuts-overlay");
    expect(within(overlay).getByText("Siguiente: → o J")).toBeInTheDocument();
    expect(within(overlay).getByText("Preseleccionar: S")).toBeInTheDocument();
    expect(within(overlay).getByText("Escribir una nota: N")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByTestId("shortcuts-overlay")).not.toBeInTheDocument();
    expect(screen.getByTestId("fast-review")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByTestId("fast-review")).not.toBeInTheDocument());
  });

  it("works by touch too, and a member's S and D change nothing (stages are an admin's)", async () => {
    const user = userEvent.setup();
    renderReview(false);
    await user.click(screen.getByRole("button", { name: "Siguiente" }));
    expect(shown()).toBe("Bruno Díaz");
    await user.click(screen.getByRole("button", { name: "Puntuar 2" }));
    await waitFor(() =>
      expect(writes()).toEqual([{ method: "PUT", url: `/api/registrations/${ids[1]}/my-score`, body: { score: 2 } }]),
    );
    expect(screen.getByRole("button", { name: "Preseleccionar" })).toBeDisabled();
    await user.keyboard("sd");
    expect(writes()).toHaveLength(1);
  });
});
