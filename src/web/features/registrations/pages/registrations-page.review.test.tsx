/**
 * The fast review over the list (issue 32): a cancelled or unverified registration is marked as
 * such, and the list's filter that leaves them out is at hand inside the review too.
 */
import type { RegistrationListItem } from "@common/schemas/registrations";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { RegistrationsPage } from "./registrations-page";
import { EVENT_ID, json, registrationItem, staffReply } from "./registrations-page.test-support";

const PATH = "/dashboard/scouting/registrations";
const people = {
  confirmed: registrationItem("7d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10", "Ana Pérez"),
  unverified: registrationItem("8e8f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a11", "Bruno Díaz", { status: "pending", emailVerified: false }),
  cancelled: registrationItem("9f8f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a12", "Carla Gómez", { status: "cancelled" }),
};
let listQueries: URLSearchParams[];

beforeEach(() => {
  listQueries = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = String(input);
    const staff = staffReply(url);
    if (staff) return staff;
    if (url.startsWith("/api/registrations?")) {
      const query = new URLSearchParams(url.split("?")[1]);
      listQueries.push(query);
      // The server's rule: hideUnconfirmed leaves out the cancelled and the unverified.
      const items: RegistrationListItem[] =
        query.get("hideUnconfirmed") === "true" ? [people.confirmed] : [people.confirmed, people.unverified, people.cancelled];
      return json({ items, total: items.length, page: 1, pageSize: 20 });
    }
    if (url.endsWith("/panel")) return json({ panel: people.confirmed.panel, myNote: null, notes: [], stageHistory: [] });
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
  return router;
}

const card = () => screen.getByTestId("review-card");

describe("fast review: cancelled and unverified registrations", () => {
  it("marks each one that is not live and confirmed, and says nothing on those that are", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Revisión rápida" }));
    const review = await screen.findByTestId("fast-review");

    expect(within(card()).getByRole("heading", { name: "Ana Pérez" })).toBeInTheDocument();
    expect(within(card()).queryByTestId("review-state")).toBeNull();

    await user.click(within(review).getByRole("button", { name: "Siguiente" }));
    expect(within(card()).getByRole("heading", { name: "Bruno Díaz" })).toBeInTheDocument();
    expect(within(card()).getByTestId("review-state")).toHaveTextContent("Email sin verificar");

    await user.click(within(review).getByRole("button", { name: "Siguiente" }));
    expect(within(card()).getByRole("heading", { name: "Carla Gómez" })).toBeInTheDocument();
    expect(within(card()).getByTestId("review-state")).toHaveTextContent("Registro cancelado");
    expect(within(card()).getByTestId("review-state")).not.toHaveTextContent("Email sin verificar");
  });

  it("leaves them out by the list's filter, offered inside the review, and starts again from the first", async () => {
    const user = userEvent.setup();
    const router = renderPage();
    await user.click(await screen.findByRole("button", { name: "Revisión rápida" }));
    const review = await screen.findByTestId("fast-review");
    expect(within(review).getByTestId("review-position")).toHaveTextContent("1 de 3");
    await user.click(within(review).getByRole("button", { name: "Siguiente" }));

    const hide = within(review).getByRole("button", { name: "Ocultar cancelados y sin verificar" });
    expect(hide).toHaveAttribute("aria-pressed", "false");
    await user.click(hide);
    await waitFor(() => expect(within(review).getByTestId("review-position")).toHaveTextContent("1 de 1"));
    expect(listQueries.at(-1)?.get("hideUnconfirmed")).toBe("true");
    expect(within(card()).getByRole("heading", { name: "Ana Pérez" })).toBeInTheDocument();
    expect(within(review).getByRole("button", { name: "Ocultar cancelados y sin verificar" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    // The list's filter, in the address: the list behind the review shows the same.
    expect(new URLSearchParams(router.state.location.search).get("hideUnconfirmed")).toBe("true");
  });
});
