import { sessionUser } from "@web/test/session";
/** 'No vinieron' (issue 20): the list of an event's people who never arrived, the opposite of 'Asistieron'. */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { RegistrationsPage } from "./registrations-page";
import { EVENT_ID, registrationItem, testEvent } from "./registrations-page.test-support";

const ANA = "7d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10";
const BRUNO = "8e8f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a11";

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

/** The list requests' filters, in order; the server answers by them (Ana came, Bruno did not). */
let listQueries: URLSearchParams[];
beforeEach(() => {
  listQueries = [];
  const ana = registrationItem(ANA, "Ana Pérez", { attended: true });
  const bruno = registrationItem(BRUNO, "Bruno Díaz");
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/session") {
      return json({
        user: sessionUser("member", { id: "u1", email: "staff@agency.test", fullName: "Staff", status: "approved" }),
      });
    }
    if (url.pathname === "/api/events") {
      return json([
        { id: EVENT_ID, scoutingId: "EV-1", eventName: testEvent.eventName, eventDate: testEvent.eventDate, status: "active" },
      ]);
    }
    if (url.pathname === "/api/registrations") {
      listQueries.push(url.searchParams);
      const items =
        url.searchParams.get("noShow") === "true" ? [bruno] : url.searchParams.get("attended") === "true" ? [ana] : [ana, bruno];
      return json({ items, total: items.length, page: 1, pageSize: 20 });
    }
    throw new Error(`unexpected request ${url.pathname}`);
  });
});

function renderPage() {
  const router = createMemoryRouter([{ path: "/dashboard/scouting/registrations", element: <RegistrationsPage /> }], {
    initialEntries: [{ pathname: "/dashboard/scouting/registrations", state: { eventId: EVENT_ID } }],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const last = () => listQueries.at(-1)!;

describe("registrations screen: 'No vinieron'", () => {
  it("asks the server for those who never arrived and lists them; 'Asistieron' releases it, and back", async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole("listitem", { name: "Bruno Díaz" });
    const filters = screen.getByRole("group", { name: "Filtros" });
    const noShow = within(filters).getByRole("button", { name: "No vinieron" });
    const attended = within(filters).getByRole("button", { name: "Asistieron" });
    expect(noShow).toHaveAttribute("aria-pressed", "false");

    await user.click(noShow);
    await waitFor(() => expect(last().get("noShow")).toBe("true"));
    expect(last().get("attended")).toBeNull();
    expect(noShow).toHaveAttribute("aria-pressed", "true");
    await waitFor(() => expect(screen.queryByRole("listitem", { name: "Ana Pérez" })).toBeNull());
    expect(screen.getByRole("listitem", { name: "Bruno Díaz" })).toBeInTheDocument();

    // The two are opposites: pressing 'Asistieron' releases 'No vinieron'.
    await user.click(attended);
    await waitFor(() => expect(last().get("attended")).toBe("true"));
    expect(last().get("noShow")).toBeNull();
    expect(noShow).toHaveAttribute("aria-pressed", "false");
    expect(await screen.findByRole("listitem", { name: "Ana Pérez" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("listitem", { name: "Bruno Díaz" })).toBeNull());

    await user.click(noShow);
    await waitFor(() => expect(last().get("noShow")).toBe("true"));
    expect(attended).toHaveAttribute("aria-pressed", "false");
  });
});
