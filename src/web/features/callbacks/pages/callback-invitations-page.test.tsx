/** A callback's invitations page (issue 36): each answer, and the one reminder to those who did not answer. */
import type { CallbackInvitation } from "@common/schemas/callbacks";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { scoutingEvent } from "@web/test/events";
import { mockFetch, renderRoutes } from "@web/test/render-route";
import { CallbackInvitationsPage } from "./callback-invitations-page";

const OPEN = scoutingEvent({ id: "5b0c7f0e-8f4e-4a53-9d6c-1f2a3b4c5d6e", eventName: "Casting Otoño" });
const CALLBACK = scoutingEvent({
  id: "6c0c7f0e-8f4e-4a53-9d6c-1f2a3b4c5d6e",
  eventName: "Callback Otoño",
  eventDate: "2031-05-10",
  kind: "callback",
  callbackOf: OPEN.id,
});

function invitation(name: string, overrides: Partial<CallbackInvitation>): CallbackInvitation {
  return {
    id: `${name}-invitation`,
    answer: "no_answer",
    person: {
      registrationId: `${name}-registration`,
      registrationCode: `OC-${name.slice(0, 3).toUpperCase()}234`,
      fullName: `${name} Prueba`,
      age: 22,
      email: `${name.toLowerCase()}@example.com`,
      phoneNumber: "1155554444",
      photos: [],
    },
    timeslot: null,
    callbackRegistrationId: null,
    deadline: "2031-05-09T23:00:00.000Z",
    invitedAt: "2031-04-20T15:00:00.000Z",
    answeredAt: null,
    remindedAt: null,
    ...overrides,
  };
}

const ITEMS = [
  invitation("Ana", {
    answer: "accepted",
    timeslot: { id: "slot-2", startTime: "11:00", endTime: "12:00" },
    answeredAt: "2031-04-21T13:00:00.000Z",
  }),
  invitation("Bea", { answer: "declined", answeredAt: "2031-04-21T14:00:00.000Z" }),
  invitation("Caro", {}),
];

describe("callback invitations page", () => {
  it("shows each person's answer, and reminds those who did not answer", async () => {
    let items = ITEMS;
    const reminded: string[] = [];
    mockFetch({
      "GET /api/events": () => ({ status: 200, body: [OPEN, CALLBACK] }),
      [`GET /api/events/${CALLBACK.id}/callback-invitations`]: () => ({ status: 200, body: { items } }),
      [`POST /api/events/${CALLBACK.id}/callback-invitations/remind`]: () => {
        reminded.push(CALLBACK.id);
        items = items.map((item) => (item.answer === "no_answer" ? { ...item, remindedAt: "2031-04-25T12:00:00.000Z" } : item));
        return { status: 200, body: { reminded: 1 } };
      },
    });
    renderRoutes(
      [{ path: "/events/:eventId/callback", element: <CallbackInvitationsPage /> }],
      `/events/${CALLBACK.id}/callback`,
    );
    expect(await screen.findByRole("heading", { name: "Invitaciones a Callback Otoño" })).toBeInTheDocument();
    expect(screen.getByText("Callback de Casting Otoño · 10/05/31 · Av. Corrientes 1234, CABA")).toBeInTheDocument();
    expect(screen.getByTestId("callback-summary")).toHaveTextContent("1 eligió horario · 1 no puede · 1 sin respuesta");
    const [ana, bea, caro] = screen.getAllByTestId("callback-invitation");
    expect(within(ana!).getByText("Eligió horario")).toBeInTheDocument();
    expect(within(ana!).getByText("11:00 - 12:00")).toBeInTheDocument();
    expect(within(ana!).getByText(/Respondió el 21\/04\/31, 10:00/)).toBeInTheDocument();
    expect(within(bea!).getByText("No puede ir")).toBeInTheDocument();
    expect(within(caro!).getByText("Sin respuesta")).toBeInTheDocument();
    expect(within(caro!).getByText(/Plazo: 09\/05\/31, 20:00/)).toBeInTheDocument();

    const remind = screen.getByRole("button", { name: "Recordar a quienes no respondieron" });
    expect(remind).toHaveAccessibleDescription("Un recordatorio por persona, a quienes no respondieron y siguen en plazo.");
    await userEvent.click(remind);
    expect(reminded).toEqual([CALLBACK.id]);
    // Once each: with everyone who did not answer reminded, there is no one left to remind.
    expect(await within(caro!).findByText(/Recordatorio el 25\/04\/31, 09:00/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Recordar a quienes no respondieron" })).toBeDisabled();
  });

  it("says so when the event is no callback, and when nobody was invited yet", async () => {
    mockFetch({
      "GET /api/events": () => ({ status: 200, body: [OPEN, CALLBACK] }),
      [`GET /api/events/${OPEN.id}/callback-invitations`]: () => ({
        status: 409,
        body: { error: { code: "not_a_callback_event", message: "no" } },
      }),
      [`GET /api/events/${CALLBACK.id}/callback-invitations`]: () => ({ status: 200, body: { items: [] } }),
    });
    const routes = [{ path: "/events/:eventId/callback", element: <CallbackInvitationsPage /> }];
    const first = renderRoutes(routes, `/events/${OPEN.id}/callback`);
    expect(await screen.findByText("Este evento no es un callback.")).toBeInTheDocument();
    first.unmount();
    renderRoutes(routes, `/events/${CALLBACK.id}/callback`);
    expect(await screen.findByText(/Todavía no invitaste a nadie/)).toBeInTheDocument();
  });
});
