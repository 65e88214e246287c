/**
 * An event's kind in the dashboard (issue 36): the create form's "Callback de …" choice, fixed on
 * the edit form; a callback in the events list says whose, shares no public page, and leads to its
 * invitations.
 */
import type { UpdateEventInput } from "@common/schemas/events";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { sessionUser } from "@web/test/session";
import { eventQueryOptions } from "../api/get-event";
import { eventsQueryOptions } from "../api/get-events";
import { scoutingEvent } from "../events.test-support";
import { EventsPage } from "../pages/events-page";
import { EventForm } from "./event-form";

const OPEN = scoutingEvent({ id: "5b0c7f0e-8f4e-4a53-9d6c-1f2a3b4c5d6e", eventName: "Casting Otoño" });
const CALLBACK = scoutingEvent({
  id: "6c0c7f0e-8f4e-4a53-9d6c-1f2a3b4c5d6e",
  eventName: "Callback Otoño",
  slug: "callback-otono",
  kind: "callback",
  callbackOf: OPEN.id,
});

const FILLED: UpdateEventInput = {
  eventName: "Callback Otoño",
  eventDate: "2031-05-10",
  location: "CABA",
  description: "",
  confirmationDetails: "",
  status: "active",
  kind: "open",
  callbackOf: null,
  timeslots: [{ startTime: "10:00", endTime: "11:00", capacity: 2 }],
};

/** A client that holds the events (the list, and the open call) and fetches nothing. */
function withEvents({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false, staleTime: Infinity } } });
  client.setQueryData(eventsQueryOptions().queryKey, [OPEN, CALLBACK]);
  client.setQueryData(eventQueryOptions(OPEN.id).queryKey, OPEN);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe("the event form's kind", () => {
  it("offers a callback of each open call, and sends the choice", async () => {
    const onSubmit = vi.fn();
    render(<EventForm mode="create" defaultValues={FILLED} onSubmit={onSubmit} onCancel={() => {}} isPending={false} />, {
      wrapper: withEvents,
    });
    const kind = screen.getByRole("combobox", { name: "Tipo de evento" });
    expect(kind).toHaveAccessibleDescription(/Un callback no tiene página pública/);
    // Open calls only: no callback of a callback.
    expect(
      within(kind)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Casting abierto (con página pública)", "Callback de Casting Otoño"]);
    await userEvent.selectOptions(kind, "Callback de Casting Otoño");
    await userEvent.click(screen.getByRole("button", { name: "Crear Evento" }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ kind: "callback", callbackOf: OPEN.id }), expect.anything());
  });

  it("shows the kind on the edit form, unchangeable", () => {
    render(
      <EventForm
        mode="edit"
        defaultValues={{ ...FILLED, kind: "callback", callbackOf: OPEN.id }}
        onSubmit={() => {}}
        onCancel={() => {}}
        isPending={false}
      />,
      { wrapper: withEvents },
    );
    const kind = screen.getByRole("combobox", { name: "Tipo de evento" });
    expect(kind).toBeDisabled();
    expect(kind).toHaveDisplayValue("Callback de Casting Otoño");
  });
});

describe("a callback in the events list", () => {
  it("says whose callback it is, shares no public page, and leads an admin to its invitations", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = String(input);
      const body =
        url === "/api/session"
          ? { user: sessionUser("admin") }
          : url === "/api/events"
            ? [OPEN, CALLBACK]
            : { publicUrl: "https://c.test" };
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    });
    const router = createMemoryRouter([{ path: "/dashboard/scouting/events", element: <EventsPage /> }], {
      initialEntries: ["/dashboard/scouting/events"],
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const [open, callback] = await screen.findAllByTestId("event-card");
    expect(within(callback!).getByText("Callback")).toBeInTheDocument();
    expect(within(callback!).getByText("Callback de Casting Otoño")).toBeInTheDocument();
    expect(within(callback!).queryByRole("link", { name: /Abrir la página pública/ })).not.toBeInTheDocument();
    expect(within(callback!).queryByRole("button", { name: /Copiar enlace/ })).not.toBeInTheDocument();
    expect(within(callback!).getByRole("link", { name: "Ver las invitaciones al callback Callback Otoño" })).toHaveAttribute(
      "href",
      `/dashboard/scouting/events/${CALLBACK.id}/callback`,
    );
    expect(within(open!).getByRole("link", { name: /Abrir la página pública/ })).toBeInTheDocument();
    expect(within(open!).queryByText("Callback")).not.toBeInTheDocument();
  });
});
