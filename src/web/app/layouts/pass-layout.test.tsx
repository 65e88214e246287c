import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installEventSource } from "@web/test/fake-event-source";
import { mockFetch, renderRoutes } from "@web/test/render-route";
import { EVENT_ID, passSessionReply, queueLine } from "@web/features/casting-day/casting-day.test-support";
import { routes } from "../router";

/** A phone signed in with a door pass: its session, its event's arrivals and line; anything else fails loudly. */
function servePass(more: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    "GET /api/session": () => passSessionReply(),
    [`GET /api/events/${EVENT_ID}/arrivals`]: () => ({ status: 200, body: { eventId: EVENT_ID, timeslots: [] } }),
    [`GET /api/events/${EVENT_ID}/queue`]: () => ({ status: 200, body: queueLine() }),
    ...more,
  });
}

beforeEach(() => {
  installEventSource();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the dashboard of a phone signed in with a door pass (issue 35)", () => {
  it("leads any other dashboard path to the door, with the pass's banner and only the door and the room", async () => {
    servePass();
    const { router } = renderRoutes(routes, "/dashboard/scouting/registrations");
    expect(await screen.findByTestId("pass-banner", {}, { timeout: 5000 })).toHaveTextContent(
      "Pase de puerta «Juli en la puerta» · vence 18:00",
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/check-in"));
    const nav = screen.getByRole("navigation", { name: "Pase de puerta" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      ["Llegadas", "/dashboard/check-in"],
      ["Sala", "/dashboard/check-in/room"],
    ]);
    expect(within(nav).getByRole("link", { name: "Llegadas" })).toHaveAttribute("aria-current", "page");
    expect(screen.queryByTestId("sidebar")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Abrir menú" })).not.toBeInTheDocument();
    // The check-in screen of the pass's event, fixed: no list of events to choose from (a pass may not read it).
    expect(await screen.findByTestId("fixed-event", {}, { timeout: 5000 })).toHaveTextContent("Casting de otoño — 05/03/26");
    expect(screen.queryByRole("combobox", { name: "Evento" })).not.toBeInTheDocument();
  });

  it("opens the room from the navigation", async () => {
    servePass();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, "/dashboard/check-in");
    const nav = await screen.findByRole("navigation", { name: "Pase de puerta" }, { timeout: 5000 });
    await user.click(within(nav).getByRole("link", { name: "Sala" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Sala" }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/check-in/room");
    expect(within(nav).getByRole("link", { name: "Sala" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Llegadas" })).not.toHaveAttribute("aria-current");
  });

  it("«Salir» signs the pass out and says so on the pass's page", async () => {
    const signOuts: unknown[] = [];
    servePass({
      "POST /api/door-passes/sign-out": (body) => {
        signOuts.push(body);
        return { status: 204 };
      },
      "GET /api/public/settings": () => ({
        status: 200,
        body: { contactEmail: "contacto@example.com", staffSignup: "open", agencyEmailDomain: "example.com" },
      }),
      "GET /api/public/agency": () => ({
        status: 200,
        body: { name: "OpenCall", contactEmail: "contacto@example.com", website: null, logoUrl: null },
      }),
    });
    localStorage.setItem("opencall.roomName", "Sala 1");
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, "/dashboard/check-in");
    await user.click(await screen.findByRole("button", { name: "Salir" }, { timeout: 5000 }));
    expect(
      await screen.findByText(
        "Saliste del pase de puerta. Para volver a entrar, abrí el enlace o escaneá el código QR del pase.",
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/door");
    expect(signOuts).toHaveLength(1);
    // The room's tablet keeps its room.
    expect(localStorage.getItem("opencall.roomName")).toBe("Sala 1");
  });
});
