import type { EventInsights } from "@common/schemas/insights";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { EventInsightsPage } from "./event-insights-page";

const EVENT_ID = "5b0c7f0e-8f4e-4a53-9d6c-1f2a3b4c5d6e";
const INSIGHTS: EventInsights = {
  eventId: EVENT_ID,
  timeZone: "America/Argentina/Buenos_Aires",
  asOf: "2026-03-05T15:30:00.000Z",
  timeline: {
    unit: "hour",
    capacity: 15,
    points: [
      { at: "2026-02-28T23:00", registrations: 1, cumulative: 1 },
      { at: "2026-03-01T00:00", registrations: 3, cumulative: 4 },
    ],
  },
  funnel: { registered: 4, emailConfirmed: 3, came: 3, shortlisted: 3, callback: 2, signed: 1 },
  bySource: [
    { source: "historia-ig", registered: 2, emailConfirmed: 2, came: 2, shortlisted: 2, callback: 1, signed: 1 },
    { source: null, registered: 2, emailConfirmed: 1, came: 1, shortlisted: 1, callback: 1, signed: 0 },
  ],
  slots: [
    {
      id: "0b0c7f0e-8f4e-4a53-9d6c-1f2a3b4c5d6e",
      startTime: "10:00",
      endTime: "11:00",
      capacity: 10,
      registered: 3,
      came: 2,
      noShows: 1,
    },
    {
      id: "1b0c7f0e-8f4e-4a53-9d6c-1f2a3b4c5d6e",
      startTime: "11:00",
      endTime: "12:00",
      capacity: 5,
      registered: 1,
      came: 0,
      noShows: null,
    },
  ],
  waitlist: { waiting: 1, offered: 3, accepted: 1, letGo: 2, removed: 0 },
  ages: [{ age: 17, count: 1 }],
  heights: [{ from: 170, count: 2 }],
  door: { arrivals: [{ at: "2026-03-05T10:15", count: 2 }], lineWait: null },
};

function renderPage(entry = `/dashboard/scouting/events/${EVENT_ID}/insights`) {
  const fetchMock = vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(async () => new Response(JSON.stringify(INSIGHTS), { headers: { "content-type": "application/json" } }));
  const router = createMemoryRouter([{ path: "/dashboard/scouting/events/:eventId/insights", element: <EventInsightsPage /> }], {
    initialEntries: [entry],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetchMock, router };
}

describe("the event's insights page (issue 38)", () => {
  it("gives every chart its numbers as a table for screen readers, and shows the table instead on request", async () => {
    const { fetchMock } = renderPage();
    const funnel = await screen.findByRole("table", { name: "Embudo" });
    // The picture is for the eye; the table is read out (visually hidden beside it).
    expect(funnel.closest(".sr-only")).not.toBeNull();
    expect(within(funnel).getByRole("row", { name: "Confirmaron el e-mail 3" })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/events/${EVENT_ID}/insights`);

    const timeline = screen.getByRole("table", { name: "Registros en el tiempo" });
    expect(within(timeline).getByRole("row", { name: "28/02 23:00 1 1" })).toBeInTheDocument();
    expect(screen.getByText("4 registros de 15 lugares.")).toBeInTheDocument();

    const slots = screen.getByRole("table", { name: "Horarios: cupo y ausentes" });
    expect(within(slots).getByRole("row", { name: "11:00–12:00 5 1 0 Todavía no" })).toBeInTheDocument();
    const sources = screen.getByRole("table", { name: "Por origen" });
    expect(within(sources).getByRole("row", { name: "Sin origen 2 1 1 1 1 0" })).toBeInTheDocument();
    expect(screen.getByText(/La espera en la fila se mostrará/)).toBeInTheDocument();

    const funnelCard = screen.getByRole("region", { name: "Embudo" });
    await userEvent.click(within(funnelCard).getByRole("button", { name: "Ver como tabla" }));
    const shown = screen.getByRole("table", { name: "Embudo" });
    expect(shown.closest(".sr-only")).toBeNull();
    expect(within(funnelCard).getByRole("button", { name: "Ver como gráfico" })).toHaveAttribute("aria-pressed", "true");
  });

  it("keeps to the dates chosen, in the request and the address; a period that ends before it starts is not asked for", async () => {
    const { fetchMock, router } = renderPage(`/dashboard/scouting/events/${EVENT_ID}/insights?from=2026-03-01`);
    await screen.findByRole("table", { name: "Embudo" });
    const urls = () => fetchMock.mock.calls.map((call) => String(call[0]));
    expect(urls()).toEqual([`/api/events/${EVENT_ID}/insights?from=2026-03-01`]);
    const from = screen.getByLabelText("Desde");
    expect(from).toHaveValue("2026-03-01");
    expect(screen.getByRole("group", { name: "Período" })).toHaveAccessibleDescription(
      "Registros hechos en esas fechas (horario de Buenos Aires).",
    );

    fireEvent.change(screen.getByLabelText("Hasta"), { target: { value: "2026-03-05" } });
    await waitFor(() => expect(urls().at(-1)).toBe(`/api/events/${EVENT_ID}/insights?from=2026-03-01&to=2026-03-05`));
    expect(router.state.location.search).toBe("?from=2026-03-01&to=2026-03-05");

    const calls = fetchMock.mock.calls.length;
    fireEvent.change(from, { target: { value: "2026-03-09" } });
    expect(await screen.findByRole("alert")).toHaveTextContent("La fecha de fin no puede ser anterior a la de inicio.");
    expect(screen.getByLabelText("Hasta")).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock.mock.calls.slice(calls).map((call) => String(call[0]))).not.toContain(
      `/api/events/${EVENT_ID}/insights?from=2026-03-09&to=2026-03-05`,
    );

    await userEvent.click(screen.getByRole("button", { name: "Todo el período" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(screen.getByLabelText("Desde")).toHaveValue("");
  });
});
