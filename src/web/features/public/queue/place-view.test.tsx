import type { QueuePlace } from "@common/schemas/queue";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource, useFakeEventSource } from "@web/test/event-source";
import { PlaceView } from "./place-view";

const CALLED_AT = "2027-04-09T14:05:00.000-03:00";
const RECALLED_AT = "2027-04-09T14:09:00.000-03:00";

const place = (version: number, changes: Partial<QueuePlace> = {}): QueuePlace => ({
  eventId: "6f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f",
  version,
  number: 42,
  state: "waiting",
  room: null,
  calledAt: null,
  ahead: 7,
  estimatedWaitMinutes: 25,
  called: [
    { number: 36, room: "Sala 2", calledAt: "2027-04-09T14:01:00.000-03:00" },
    { number: 35, room: "Sala 1", calledAt: "2027-04-09T14:00:00.000-03:00" },
  ],
  ...changes,
});
const called = (version: number, calledAt = CALLED_AT) =>
  place(version, { state: "called", room: "Sala 2", calledAt, ahead: null, estimatedWaitMinutes: null });

const send = (data: QueuePlace) => act(() => FakeEventSource.latest.send("place", data, data.version));

/** What a call sets off, each counted: vibrations, notifications, chimes' notes. */
function stubAlerts(permission: NotificationPermission = "granted") {
  const vibrate = vi.fn(() => true);
  Object.defineProperty(navigator, "vibrate", { configurable: true, value: vibrate });
  const shown: Array<{ title: string; body?: string | undefined }> = [];
  const requestPermission = vi.fn(async () => "granted" as const);
  vi.stubGlobal(
    "Notification",
    Object.assign(
      function Notification(title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body });
      },
      { permission, requestPermission },
    ),
  );
  const notes: number[] = [];
  class FakeAudioContext {
    currentTime = 0;
    destination = {};
    resume = async () => undefined;
    close = async () => undefined;
    createOscillator() {
      return { frequency: { value: 0 }, connect: (node: unknown) => node, start: (at: number) => notes.push(at), stop: () => {} };
    }
    createGain() {
      return { gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} }, connect: (node: unknown) => node };
    }
  }
  vi.stubGlobal("AudioContext", FakeAudioContext);
  return { vibrate, shown, requestPermission, notes };
}

describe("a person's place in the line (issue 35)", () => {
  useFakeEventSource();
  afterEach(() => Reflect.deleteProperty(navigator, "vibrate"));

  it("shows each state of the place, the numbers being called, and the connection quietly", async () => {
    stubAlerts();
    render(<PlaceView token="check-in-token" />);
    expect(FakeEventSource.latest.query.get("t")).toBe("check-in-token");
    expect(screen.getByRole("status")).toHaveTextContent("Conectando…");
    act(() => FakeEventSource.latest.open());
    expect(screen.getByRole("status")).toHaveTextContent("");

    send(place(1, { number: null, state: null, ahead: null, estimatedWaitMinutes: null }));
    expect(screen.getByText(/Todavía no registraron tu llegada/)).toBeInTheDocument();
    expect(screen.queryByTestId("place-number")).not.toBeInTheDocument();

    send(place(2));
    expect(screen.getByTestId("place-number")).toHaveTextContent("42");
    expect(screen.getByText("Esperando tu turno")).toBeInTheDocument();
    expect(screen.getByText("Hay 7 personas antes que vos")).toBeInTheDocument();
    expect(screen.getByText("Faltan unos 25 minutos")).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Números llamados" });
    expect(
      within(table)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual(["NúmeroSala", "36Sala 2", "35Sala 1"]);

    // No estimate without one; nobody ahead: next.
    send(place(3, { ahead: 0, estimatedWaitMinutes: null }));
    expect(screen.getByText("Sos la próxima persona")).toBeInTheDocument();
    expect(screen.queryByText(/Faltan|minuto/)).not.toBeInTheDocument();

    send(called(4));
    expect(screen.getByRole("alert")).toHaveTextContent("¡Te toca! Andá a Sala 2");
    expect(screen.getByTestId("place-card")).toHaveAttribute("data-state", "called");

    send(place(5, { state: "seen", room: "Sala 2", ahead: null, estimatedWaitMinutes: null }));
    expect(screen.getByText("Ya te atendieron. ¡Gracias por venir!")).toBeInTheDocument();
    send(place(6, { state: "gone", ahead: null, estimatedWaitMinutes: null }));
    expect(screen.getByText(/Te llamamos y no estabas/)).toBeInTheDocument();
    // Seen or gone, nothing is left to be alerted of.
    expect(screen.queryByRole("button", { name: "Activar sonido" })).not.toBeInTheDocument();

    act(() => FakeEventSource.latest.drop());
    expect(screen.getByRole("status")).toHaveTextContent("Reconectando…");
  });

  it("alerts once per call: not again for the same call on a later message or after a reconnection, again on a recall", async () => {
    const { vibrate, shown, notes } = stubAlerts();
    render(<PlaceView token="manage-token" />);
    act(() => FakeEventSource.latest.open());
    send(place(1));
    expect(vibrate).not.toHaveBeenCalled();

    // The chime plays once the person has turned the sound on (one beep says it works).
    await userEvent.click(screen.getByRole("button", { name: "Activar sonido" }));
    expect(screen.getByRole("button", { name: "Activar sonido" })).toHaveAttribute("aria-pressed", "true");
    expect(notes).toHaveLength(1);

    send(called(2));
    expect(vibrate).toHaveBeenCalledTimes(1);
    expect(shown).toEqual([{ title: "¡Te toca! Número 42", body: "Andá a Sala 2." }]);
    expect(notes).toHaveLength(4);
    expect(screen.getByTestId("place-card").className).toContain("motion-safe:animate-call-flash");
    // Where motion is unwelcome, a still frame instead of the flash.
    expect(screen.getByTestId("place-card").className).toContain("motion-reduce:outline-8");

    // Someone else called: the same call of this person, no new alert.
    send({ ...called(3), called: [{ number: 43, room: "Sala 1", calledAt: RECALLED_AT }, ...called(3).called] });
    // A reconnection hands over the current state again.
    act(() => window.dispatchEvent(new Event("online")));
    expect(FakeEventSource.latest.query.get("lastEventId")).toBe("3");
    act(() => FakeEventSource.latest.open());
    send(called(3));
    expect(vibrate).toHaveBeenCalledTimes(1);
    expect(shown).toHaveLength(1);
    expect(notes).toHaveLength(4);

    // A recall is a new call.
    send(called(4, RECALLED_AT));
    expect(vibrate).toHaveBeenCalledTimes(2);
    expect(shown).toHaveLength(2);
    expect(notes).toHaveLength(7);
  });

  it("sets off nothing for a call the page opens on: the person is reading it", () => {
    const { vibrate, shown } = stubAlerts();
    render(<PlaceView token="manage-token" />);
    send(called(5));
    expect(screen.getByRole("alert")).toHaveTextContent("¡Te toca! Andá a Sala 2");
    expect(vibrate).not.toHaveBeenCalled();
    expect(shown).toHaveLength(0);
    expect(screen.getByTestId("place-card").className).not.toContain("animate-call-flash");
  });

  it("asks for notifications only when the person taps for them", async () => {
    const { requestPermission } = stubAlerts("default");
    render(<PlaceView token="manage-token" />);
    send(place(1));
    expect(requestPermission).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Avisarme con una notificación" }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText("Te vamos a avisar con una notificación.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Avisarme con una notificación" })).not.toBeInTheDocument();
  });

  it("says when the link opens no place (an unknown or cancelled registration's token)", async () => {
    stubAlerts();
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response(null, { status: 404 }));
    render(<PlaceView token="not-a-token" />);
    act(() => FakeEventSource.latest.fail());
    expect(await screen.findByText(/Este enlace no es válido o ya no está activo/)).toBeInTheDocument();
  });
});
