/**
 * "Invitar a callback" (issue 36): from the selection bar, and from the fast review for the person
 * shown. The open call's one callback is chosen already, its eve at 20:00 (Buenos Aires) the
 * deadline; the result says who was not invited and why.
 */
import type { ScoutingEvent } from "@common/schemas/events";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { scoutingEvent } from "@web/test/events";
import { RegistrationsPage } from "./registrations-page";
import { EVENT_ID, json, registrationItem, staffReply } from "./registrations-page.test-support";

const PATH = "/dashboard/scouting/registrations";
const CALLBACK_ID = "6a1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f";
const ana = registrationItem("7d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10", "Ana Pérez");
const bruno = registrationItem("8e8f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a11", "Bruno Díaz");
const events: ScoutingEvent[] = [
  scoutingEvent({ id: EVENT_ID, eventName: "Casting Otoño" }),
  scoutingEvent({
    id: CALLBACK_ID,
    eventName: "Callback Otoño",
    eventDate: "2031-05-10",
    kind: "callback",
    callbackOf: EVENT_ID,
  }),
  // Another open call's callback: not offered.
  scoutingEvent({
    id: "7b1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f",
    kind: "callback",
    callbackOf: "9c1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f",
  }),
];
let invitations: Array<{ url: string; body: unknown }>;
let stageMoves: number;

beforeEach(() => {
  invitations = [];
  stageMoves = 0;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    const staff = staffReply(url);
    if (staff) return staff;
    if (url === "/api/events") return json(events);
    if (url.startsWith("/api/registrations?")) return json({ items: [ana, bruno], total: 2, page: 1, pageSize: 20 });
    if (url.endsWith("/panel")) return json({ panel: ana.panel, myNote: null, notes: [], stageHistory: [] });
    if (url.endsWith("/stage")) {
      stageMoves++;
      return json(ana);
    }
    if (url.endsWith("/callback-invitations") && init?.method === "POST") {
      const body = JSON.parse(String(init.body)) as { registrationIds: string[] };
      invitations.push({ url, body });
      return json({
        invited: body.registrationIds.filter((id) => id !== bruno.id).length,
        skipped: body.registrationIds.includes(bruno.id) ? [{ id: bruno.id, reason: "already_invited" }] : [],
      });
    }
    throw new Error(`unexpected request ${url}`);
  });
});

function renderPage() {
  const router = createMemoryRouter([{ path: PATH, element: <RegistrationsPage /> }], {
    initialEntries: [`${PATH}?eventId=${EVENT_ID}`],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("Invitar a callback", () => {
  it("invites the selection to the open call's callback, and says who was not invited and why", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("checkbox", { name: "Seleccionar a Ana Pérez" }));
    await user.click(screen.getByRole("checkbox", { name: "Seleccionar a Bruno Díaz" }));
    await user.click(
      within(screen.getByRole("region", { name: "2 seleccionadas" })).getByRole("button", { name: "Invitar a callback" }),
    );

    const dialog = await screen.findByRole("dialog", { name: "Invitar a callback" });
    expect(within(dialog).getByText(/2 personas reciben un email en su idioma/)).toBeInTheDocument();
    const callback = await within(dialog).findByRole("combobox", { name: "Callback" });
    expect(
      within(callback)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Callback Otoño · 10/05/31"]);
    expect(within(dialog).getByLabelText("Fecha límite")).toHaveValue("2031-05-09");
    expect(within(dialog).getByLabelText("Hora límite")).toHaveValue("20:00");
    await user.click(within(dialog).getByRole("button", { name: "Enviar invitaciones" }));

    expect(await within(dialog).findByText("Se invitó a 1 persona.")).toBeInTheDocument();
    expect(within(dialog).getByText("Bruno Díaz: ya estaba invitada")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Ver las invitaciones" })).toHaveAttribute(
      "href",
      `/dashboard/scouting/events/${CALLBACK_ID}/callback`,
    );
    expect(invitations).toEqual([
      {
        url: `/api/events/${CALLBACK_ID}/callback-invitations`,
        body: { registrationIds: [ana.id, bruno.id], deadline: "2031-05-09T20:00:00-03:00" },
      },
    ]);
  });

  it("invites the person the fast review shows, and the review's keys stay out of the dialog", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Revisión rápida" }));
    const review = await screen.findByTestId("fast-review");
    await user.click(within(review).getByRole("button", { name: "Invitar a callback" }));
    const dialog = await screen.findByRole("dialog", { name: "Invitar a callback" });
    const time = within(dialog).getByLabelText("Hora límite");
    await user.clear(time);
    await user.type(time, "18:30");
    // 'S' shortlists in the review; pressed on the dialog's buttons, it moves nobody.
    within(dialog).getByRole("button", { name: "Cancelar" }).focus();
    await user.keyboard("s");
    await user.click(within(dialog).getByRole("button", { name: "Enviar invitaciones" }));
    expect(await within(dialog).findByText("Se invitó a 1 persona.")).toBeInTheDocument();
    expect(invitations.map((call) => call.body)).toEqual([{ registrationIds: [ana.id], deadline: "2031-05-09T18:30:00-03:00" }]);
    expect(stageMoves).toBe(0);
  });
});
