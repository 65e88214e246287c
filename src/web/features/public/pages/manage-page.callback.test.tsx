/**
 * The manage page on a callback invitation's link, /manage?c=… (issue 36): the callback, its slots
 * with room, "Elegir este horario" and "No puedo ir"; the answer as it stands afterwards.
 */
import type { CallbackView } from "@common/schemas/callbacks";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch } from "@web/test/render-route";
import { ManagePage } from "./manage-page";

const OPEN: CallbackView = {
  state: "open",
  fullName: "Valentina Núñez",
  deadline: "2031-05-09T23:00:00.000Z",
  event: { eventName: "Callback Otoño", eventDate: "2031-05-10", location: "Av. Corrientes 1234", description: "Traé tacos." },
  openCall: { eventName: "Casting Otoño" },
  timeslots: [
    { id: "slot-1", startTime: "10:00", endTime: "11:00", availableSpots: 1 },
    { id: "slot-2", startTime: "11:00", endTime: "12:00", availableSpots: 3 },
  ],
  chosen: null,
  manageToken: null,
};
const ACCEPTED: CallbackView = {
  ...OPEN,
  state: "accepted",
  timeslots: [],
  chosen: { startTime: "11:00", endTime: "12:00" },
  manageToken: "manage-of-the-callback",
};

describe("manage page: a callback invitation", () => {
  it("shows the callback and its slots, and takes the one chosen", async () => {
    const answers: unknown[] = [];
    mockFetch({
      "GET /api/public/callbacks": () => ({ status: 200, body: OPEN }),
      "POST /api/public/callbacks/answer": (body) => {
        answers.push(body);
        return { status: 200, body: ACCEPTED };
      },
    });
    render(<ManagePage token="" callbackToken="callback-token" />);
    expect(await screen.findByRole("heading", { name: "Te invitamos al callback" })).toBeInTheDocument();
    expect(screen.getByText("Hola, Valentina Núñez: después de Casting Otoño, queremos volver a verte.")).toBeInTheDocument();
    expect(screen.getByText("Callback Otoño")).toBeInTheDocument();
    expect(screen.getByText("10/05/31")).toBeInTheDocument();
    expect(screen.getByText("Respondé antes del 09/05/31, 20:00.")).toBeInTheDocument();
    const slots = screen.getAllByTestId("callback-slot");
    expect(within(slots[0]!).getByText("1 lugar libre")).toBeInTheDocument();
    expect(within(slots[1]!).getByText("3 lugares libres")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Elegir el horario de 11:00 - 12:00" }));
    expect(answers).toEqual([{ t: "callback-token", timeslotId: "slot-2" }]);
    expect(await screen.findByText(/¡Listo! Te esperamos en el horario que elegiste/)).toBeInTheDocument();
    expect(screen.getByText("11:00 - 12:00")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ver mi lugar en el callback" })).toHaveAttribute(
      "href",
      "/manage?t=manage-of-the-callback",
    );
    expect(screen.queryByRole("button", { name: "No puedo ir" })).not.toBeInTheDocument();
  });

  it("declines after asking once more", async () => {
    const answers: unknown[] = [];
    mockFetch({
      "GET /api/public/callbacks": () => ({ status: 200, body: OPEN }),
      "POST /api/public/callbacks/answer": (body) => {
        answers.push(body);
        return { status: 200, body: { ...OPEN, state: "declined", timeslots: [] } };
      },
    });
    render(<ManagePage token="" callbackToken="callback-token" />);
    await userEvent.click(await screen.findByRole("button", { name: "No puedo ir" }));
    const confirm = screen.getByRole("alertdialog", { name: "¿Seguro que no podés ir?" });
    expect(answers).toEqual([]);
    await userEvent.click(within(confirm).getByRole("button", { name: "Sí, no puedo ir" }));
    expect(answers).toEqual([{ t: "callback-token", decline: true }]);
    expect(await screen.findByText("Gracias por avisarnos: registramos que no podés ir.")).toBeInTheDocument();
    expect(screen.queryAllByTestId("callback-slot")).toEqual([]);
  });

  it("says why an answer was refused, and shows the invitation as it is now", async () => {
    let view = OPEN;
    mockFetch({
      "GET /api/public/callbacks": () => ({ status: 200, body: view }),
      "POST /api/public/callbacks/answer": () => {
        view = { ...OPEN, timeslots: [OPEN.timeslots[1]!] };
        return { status: 409, body: { error: { code: "timeslot_full", message: "El horario seleccionado está lleno." } } };
      },
    });
    render(<ManagePage token="" callbackToken="callback-token" />);
    await userEvent.click(await screen.findByRole("button", { name: "Elegir el horario de 10:00 - 11:00" }));
    expect(await screen.findByText("El horario seleccionado está lleno.")).toBeInTheDocument();
    expect(screen.getAllByTestId("callback-slot")).toHaveLength(1);
  });

  it("says when the time to answer is over, and when the link is not valid", async () => {
    mockFetch({ "GET /api/public/callbacks": () => ({ status: 200, body: { ...OPEN, state: "expired", timeslots: [] } }) });
    const { unmount } = render(<ManagePage token="" callbackToken="callback-token" />);
    expect(await screen.findByText("El plazo para responder terminó el 09/05/31, 20:00.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "No puedo ir" })).not.toBeInTheDocument();
    unmount();
    mockFetch({ "GET /api/public/callbacks": () => ({ status: 404, body: { error: { code: "invalid_token", message: "x" } } }) });
    render(<ManagePage token="" callbackToken="forged" />);
    expect(await screen.findByRole("heading", { name: /El enlace no es válido/ })).toBeInTheDocument();
  });
});
