import type { QueueDisplay } from "@common/schemas/queue";
import { act, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FakeEventSource, useFakeEventSource } from "@web/test/event-source";
import { DisplayPage } from "./display-page";

const EVENT_ID = "6f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f";

const display = (version: number, called: QueueDisplay["called"]): QueueDisplay => ({
  eventId: EVENT_ID,
  eventName: "Casting de otoño",
  version,
  called,
});
const call = (number: number, room: string, minute: number) => ({
  number,
  room,
  calledAt: `2027-04-09T14:${String(minute).padStart(2, "0")}:00.000-03:00`,
});

const send = (data: QueueDisplay) => act(() => FakeEventSource.latest.send("display", data, data.version));

describe("the venue's screen (issue 35)", () => {
  useFakeEventSource();

  it("shows the numbers called and their rooms, the latest apart and largest, live", () => {
    render(<DisplayPage eventId={EVENT_ID} displayKey="screen-key" />);
    const source = FakeEventSource.latest;
    expect(source.url).toBe(`/api/public/events/${EVENT_ID}/display/stream?key=screen-key`);
    act(() => source.open());
    send(display(1, []));
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Casting de otoño");
    expect(screen.getByText("Todavía no hay números llamados.")).toBeInTheDocument();

    send(display(2, [call(12, "Sala 2", 3), call(11, "Sala 1", 2), call(10, "Sala 2", 1)]));
    expect(screen.getByTestId("display-latest")).toHaveTextContent("Número 12Sala 2");
    expect(screen.getByRole("heading", { name: "Último llamado" })).toBeInTheDocument();
    const earlier = within(screen.getByTestId("display-earlier")).getAllByRole("listitem");
    expect(earlier.map((item) => item.textContent)).toEqual(["Número 11Sala 1", "Número 10Sala 2"]);

    send(display(3, [call(13, "Sala 1", 4), call(12, "Sala 2", 3), call(11, "Sala 1", 2), call(10, "Sala 2", 1)]));
    expect(screen.getByTestId("display-latest")).toHaveTextContent("Número 13Sala 1");
    expect(within(screen.getByTestId("display-earlier")).getAllByRole("listitem")).toHaveLength(3);
    expect(document.title).toBe("Casting de otoño · Pantalla de turnos");
  });

  it("never shows a name, even one a message would carry", () => {
    render(<DisplayPage eventId={EVENT_ID} displayKey="screen-key" />);
    // What a faulty server could put in a message: the page reads numbers and rooms only.
    const leaky = {
      ...display(4, []),
      called: [
        { ...call(21, "Sala 3", 5), fullName: "Valentina Núñez", registrationCode: "OC-7K3F9Q" },
        { ...call(20, "Sala 1", 4), registration: { fullName: "Martina Gómez" } },
      ],
      waiting: [{ number: 22, registration: { fullName: "Lucía Pérez" } }],
    } as unknown as QueueDisplay;
    send(leaky);
    expect(screen.getByTestId("display-latest")).toHaveTextContent("21");
    const text = document.body.textContent ?? "";
    for (const secret of ["Valentina", "Núñez", "OC-7K3F9Q", "Martina", "Lucía"]) expect(text).not.toContain(secret);
  });

  it("says so when its key is invalid or revoked, and when the address has none", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response(null, { status: 404 }));
    const { unmount } = render(<DisplayPage eventId={EVENT_ID} displayKey="revoked-key" />);
    act(() => FakeEventSource.latest.fail());
    expect(await screen.findByRole("alert")).toHaveTextContent(/no tiene una clave válida, o la clave fue revocada/);
    unmount();

    FakeEventSource.instances = [];
    render(<DisplayPage eventId={EVENT_ID} displayKey="" />);
    expect(screen.getByRole("alert")).toHaveTextContent(/no tiene una clave válida/);
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it("keeps trying through a long outage (a TV runs all day), and says it is reconnecting", async () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response(null, { status: 502 }));
      render(<DisplayPage eventId={EVENT_ID} displayKey="screen-key" />);
      act(() => FakeEventSource.latest.open());
      send(display(5, [call(30, "Sala 1", 10)]));
      for (let attempt = 1; attempt <= 12; attempt++) {
        act(() => FakeEventSource.latest.fail());
        await act(() => vi.advanceTimersByTimeAsync(30_000));
        expect(FakeEventSource.instances).toHaveLength(attempt + 1);
      }
      expect(screen.getByRole("status")).toHaveTextContent("Reconectando…");
      // What it showed stays up meanwhile, and it catches up from there.
      expect(screen.getByTestId("display-latest")).toHaveTextContent("30");
      expect(FakeEventSource.latest.query.get("lastEventId")).toBe("5");
      act(() => FakeEventSource.latest.open());
      send(display(9, [call(34, "Sala 2", 20), call(30, "Sala 1", 10)]));
      expect(screen.getByTestId("display-latest")).toHaveTextContent("34");
      expect(screen.getByRole("status")).toHaveTextContent("");
    } finally {
      vi.useRealTimers();
    }
  });
});
