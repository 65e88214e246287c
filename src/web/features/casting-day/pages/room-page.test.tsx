import type { QueueLine } from "@common/schemas/queue";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installEventSource, latestStream } from "@web/test/fake-event-source";
import { mockFetch, renderRoutes } from "@web/test/render-route";
import { sessionReply } from "@web/test/session";
import { called, entry, EVENT_ID, EVENT_SUMMARY, passSessionReply, queueLine } from "../casting-day.test-support";
import { RoomPage } from "./room-page";

const ROOM_PATH = `/dashboard/check-in/room?eventId=${EVENT_ID}`;

/** The session, the events, and the line: each GET answers the next of `lines` (the last one again). */
function serve(lines: QueueLine[], more: Parameters<typeof mockFetch>[0] = {}, session = sessionReply("member")) {
  let reads = 0;
  const fetchMock = mockFetch({
    "GET /api/session": () => session,
    "GET /api/events": () => ({ status: 200, body: [EVENT_SUMMARY] }),
    [`GET /api/events/${EVENT_ID}/queue`]: () => ({ status: 200, body: lines[Math.min(reads++, lines.length - 1)] }),
    ...more,
  });
  return { fetchMock, reads: () => reads };
}

function renderRoom(path = ROOM_PATH) {
  return renderRoutes(
    [
      { path: "/dashboard/check-in/room", element: <RoomPage /> },
      { path: "/dashboard/check-in", element: <p>door</p> },
    ],
    path,
  );
}

const posted = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => init?.method === "POST" && String(url) === path)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

const waitingNumbers = () =>
  within(screen.getByTestId("waiting-line"))
    .getAllByRole("listitem")
    .map((item) => item.textContent);

beforeEach(() => {
  installEventSource();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the room screen («Sala», issue 35)", () => {
  it("shows the line, the counts, the pace and the other rooms' calls, and opens the event's staff stream", async () => {
    localStorage.setItem("opencall.roomName", "Sala 1");
    serve([
      queueLine({
        waiting: [entry(3), entry(4)],
        called: [called(1, "Sala 2"), called(2, "Sala 2"), called(5, "Sala 1")],
        seenCount: 6,
        goneCount: 1,
        pacePerMinute: 2.46,
        rooms: ["Sala 1", "Sala 2"],
      }),
    ]);
    renderRoom();
    expect(await screen.findByLabelText("Nombre de la sala")).toHaveValue("Sala 1");
    await waitFor(() => expect(waitingNumbers()).toEqual(["3Caro Díaz", "4Dani Ruiz"]));
    expect(screen.getByText("Esperando").nextSibling).toHaveTextContent("2");
    expect(screen.getByText("Atendidos").nextSibling).toHaveTextContent("6");
    expect(screen.getByText("Se fueron").nextSibling).toHaveTextContent("1");
    expect(screen.getByText(/2,5 por minuto \(todas las salas, últimos 30 minutos\)/)).toBeInTheDocument();
    expect(screen.getByText("A este ritmo, la fila se vacía en unos 1 minuto.")).toBeInTheDocument();
    expect(screen.getByTestId("other-rooms")).toHaveTextContent("Sala 2: 1, 2");
    const mine = screen.getAllByTestId("room-call");
    expect(mine).toHaveLength(1);
    expect(within(mine[0]!).getByRole("heading", { name: "Número 5: Eli Soto" })).toBeInTheDocument();
    expect(mine[0]).toHaveTextContent("19 años · llamado 1 vez · 10:05");
    expect(latestStream().url).toBe(`/api/events/${EVENT_ID}/queue/stream`);
  });

  it("calls the next ones to this room and shows the numbers as the server gives them, never before", async () => {
    localStorage.setItem("opencall.roomName", "Sala 1");
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    const { fetchMock } = serve(
      [
        queueLine({ waiting: [entry(1), entry(2)] }),
        queueLine({ version: 2, called: [called(1, "Sala 1"), called(2, "Sala 1")] }),
      ],
      {
        [`POST /api/events/${EVENT_ID}/queue/call`]: () => new Promise((resolve) => (answer = resolve)),
      },
    );
    const user = userEvent.setup();
    renderRoom();
    await waitFor(() => expect(waitingNumbers()).toHaveLength(2));
    await user.clear(screen.getByLabelText("Cuántos llamar"));
    await user.type(screen.getByLabelText("Cuántos llamar"), "2");
    await user.click(screen.getByRole("button", { name: "Llamar a los próximos" }));
    expect(posted(fetchMock, `/api/events/${EVENT_ID}/queue/call`)).toEqual([{ count: 2, room: "Sala 1" }]);
    // Waiting for the server: nothing moved on the screen.
    expect(await screen.findByRole("button", { name: "Llamando…" })).toBeDisabled();
    expect(waitingNumbers()).toHaveLength(2);
    expect(screen.getByText("Esta sala no tiene a nadie llamado ahora.")).toBeInTheDocument();

    act(() => answer({ status: 200, body: { called: [called(1, "Sala 1"), called(2, "Sala 1")] } }));
    expect(await screen.findByText("Llamaste a los números 1, 2.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId("room-call")).toHaveLength(2));
    expect(screen.getByText("Nadie espera en la fila.")).toBeInTheDocument();
  });

  it("asks for the room's name first, remembers it on the device, and calls a number out of turn", async () => {
    const { fetchMock } = serve([queueLine({ waiting: [entry(7)], rooms: ["Sala 2"] })], {
      [`POST /api/events/${EVENT_ID}/queue/call`]: () => ({ status: 200, body: { called: [] } }),
    });
    const user = userEvent.setup();
    renderRoom();
    const room = await screen.findByLabelText("Nombre de la sala");
    await user.click(screen.getByRole("button", { name: "Llamar a los próximos" }));
    expect(await screen.findByText("Escribí el nombre de la sala antes de llamar.")).toBeInTheDocument();
    await waitFor(() => expect(room).toHaveFocus());
    expect(room).toHaveAttribute("aria-invalid", "true");
    expect(posted(fetchMock, `/api/events/${EVENT_ID}/queue/call`)).toEqual([]);

    await user.type(room, "Sala 3");
    expect(localStorage.getItem("opencall.roomName")).toBe("Sala 3");
    await user.click(screen.getByRole("button", { name: "Llamar este número" }));
    expect(await screen.findByText("Escribí el número a llamar.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Número fuera de orden"), "7");
    await user.click(screen.getByRole("button", { name: "Llamar este número" }));
    await waitFor(() => expect(posted(fetchMock, `/api/events/${EVENT_ID}/queue/call`)).toEqual([{ number: 7, room: "Sala 3" }]));
    expect(await screen.findByText("Ese número no está esperando en la fila.")).toBeInTheDocument();
    expect(screen.getByLabelText("Número fuera de orden")).toHaveValue(null);
  });

  it("takes the stream's newer lines, ignores an older one, and reads the line again when the stream comes back", async () => {
    const { reads } = serve([queueLine({ version: 3, waiting: [entry(1)] })]);
    renderRoom();
    await waitFor(() => expect(waitingNumbers()).toEqual(["1Ana Pérez"]));
    const stream = latestStream();
    expect(screen.getByTestId("live-state")).toHaveTextContent("Conectando…");
    await stream.open();
    expect(screen.getByTestId("live-state")).toHaveTextContent("En vivo");

    await stream.send("line", queueLine({ version: 4, waiting: [entry(1), entry(2)] }));
    expect(waitingNumbers()).toEqual(["1Ana Pérez", "2Beto Gómez"]);
    await stream.send("line", queueLine({ version: 2, waiting: [] }));
    expect(waitingNumbers()).toEqual(["1Ana Pérez", "2Beto Gómez"]);

    const before = reads();
    await stream.drop();
    expect(screen.getByTestId("live-state")).toHaveTextContent("Reconectando…");
    await stream.open();
    expect(screen.getByTestId("live-state")).toHaveTextContent("En vivo");
    await waitFor(() => expect(reads()).toBe(before + 1));
    // The read answered an older version than the stream's: the newer line stays.
    expect(waitingNumbers()).toEqual(["1Ana Pérez", "2Beto Gómez"]);

    await stream.drop({ forGood: true });
    expect(screen.getByTestId("live-state")).toHaveTextContent("Sin conexión en vivo: la fila se actualiza cada pocos segundos.");
  });

  it("recalls, marks seen, and asks before marking absent: back of the line or gone", async () => {
    localStorage.setItem("opencall.roomName", "Sala 1");
    const twelve = called(12, "Sala 1", { callCount: 2 });
    const { fetchMock } = serve([queueLine({ called: [twelve] })], {
      [`POST /api/queue/${twelve.id}/recall`]: () => ({ status: 200, body: { ...twelve, callCount: 3 } }),
      [`POST /api/queue/${twelve.id}/seen`]: () => ({ status: 200, body: { ...twelve, state: "seen" } }),
      [`POST /api/queue/${twelve.id}/absent`]: (body) =>
        (body as { then: string }).then === "back"
          ? { status: 409, body: { error: { code: "queue_entry_not_called", message: "El número 12 ya no está llamado." } } }
          : { status: 200, body: { ...twelve, state: "gone" } },
    });
    const user = userEvent.setup();
    renderRoom();
    const card = (await screen.findAllByTestId("room-call"))[0]!;
    expect(card).toHaveTextContent("llamado 2 veces");

    await user.click(within(card).getByRole("button", { name: "Volver a llamar al número 12" }));
    expect(await screen.findByText("Volviste a llamar al número 12.")).toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: "Atendido: número 12" }));
    expect(await screen.findByText("Número 12: atendido.")).toBeInTheDocument();

    await user.click(within(card).getByRole("button", { name: "Ausente: número 12" }));
    let dialog = await screen.findByRole("dialog", { name: "El número 12 no está" });
    expect(dialog).toHaveTextContent("¿Qué hacemos con Eli Soto?");
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    expect(posted(fetchMock, `/api/queue/${twelve.id}/absent`)).toEqual([]);

    await user.click(within(card).getByRole("button", { name: "Ausente: número 12" }));
    dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Al final de la fila" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("El número 12 ya no está llamado.");

    await user.click(within(card).getByRole("button", { name: "Ausente: número 12" }));
    dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("button", { name: "Se fue" })).toHaveAccessibleDescription(
      "La persona sale de la fila para siempre: no se la vuelve a llamar.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Se fue" }));
    expect(await screen.findByText("Número 12: se fue, salió de la fila.")).toBeInTheDocument();

    expect(posted(fetchMock, `/api/queue/${twelve.id}/recall`)).toEqual([{}]);
    expect(posted(fetchMock, `/api/queue/${twelve.id}/seen`)).toEqual([{}]);
    expect(posted(fetchMock, `/api/queue/${twelve.id}/absent`)).toEqual([{ then: "back" }, { then: "gone" }]);
  });

  it("on a door pass's phone, works at the pass's event only, without asking for the events", async () => {
    localStorage.setItem("opencall.roomName", "Sala 1");
    const { fetchMock } = serve([queueLine({ waiting: [entry(1)] })], {}, passSessionReply());
    renderRoom("/dashboard/check-in/room");
    expect(await screen.findByTestId("fixed-event")).toHaveTextContent("Casting de otoño — 05/03/26");
    expect(screen.queryByRole("combobox", { name: "Evento" })).not.toBeInTheDocument();
    await waitFor(() => expect(waitingNumbers()).toEqual(["1Ana Pérez"]));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain("/api/events?fields=summary");
    expect(screen.getByRole("link", { name: "Abrir llegadas" })).toHaveAttribute(
      "href",
      `/dashboard/check-in?eventId=${EVENT_ID}`,
    );
  });
});
