/**
 * The registration page in walk-in mode (issue 35): the poster's link `/e/<slug>?walkin=<token>`.
 * The person registers at the door and is checked in at once: no slot to choose, a number back.
 */
import { fieldLabel } from "@common/registrant/fields";
import type { PublicEvent } from "@common/schemas/public-responses";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource, useFakeEventSource } from "@web/test/event-source";
import type { WalkInCreated } from "../api/walk-in";
import { RegisterPage } from "./register-page";

const EVENT_ID = "6f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f";
const EVENT: PublicEvent & { walkIns: { open: boolean } } = {
  id: EVENT_ID,
  eventName: "Casting de otoño",
  eventDate: "2027-04-09",
  location: "Av. Corrientes 1234",
  description: "",
  photos: "off",
  privacyNoticeVersion: 1,
  // Full: a walk-in is not offered its waiting list, the door's slot is the server's.
  timeslots: [
    {
      id: "7f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f",
      startTime: "10:00",
      endTime: "11:00",
      capacity: 10,
      availableSpots: 0,
      started: true,
    },
  ],
  walkIns: { open: true },
};
const CREATED = { registrationCode: "OC-7K3F9Q", successToken: "success-token", verificationEmailQueued: true };

type Reply = { status: number; body: unknown };

/** The server: the event, and the registration's answer; each POST's body is recorded. */
function stubServer(registration: Reply, event: PublicEvent = EVENT) {
  const posted: Array<Record<string, unknown>> = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    let reply: Reply = { status: 200, body: event };
    if (init?.method === "POST") {
      posted.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      reply = registration;
    }
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
  });
  return posted;
}

const navigate = vi.fn();
function renderWalkIn() {
  render(<RegisterPage slug="casting-de-otono" walkIn="poster-token" navigate={navigate} />);
}

const control = (name: Parameters<typeof fieldLabel>[0]) =>
  screen.getByLabelText(fieldLabel(name), { selector: "input, select" });

async function fillAndSend() {
  const user = userEvent.setup();
  await screen.findByRole("heading", { name: "Registro para Casting de otoño" });
  fireEvent.change(control("fullName"), { target: { value: "Ana Pérez" } });
  fireEvent.change(control("dateOfBirth"), { target: { value: "1995-06-15" } });
  fireEvent.change(control("location"), { target: { value: "CABA" } });
  fireEvent.change(control("email"), { target: { value: "ana@example.com" } });
  fireEvent.change(control("phoneNumber"), { target: { value: "1155551234" } });
  fireEvent.change(control("height"), { target: { value: "175" } });
  fireEvent.change(control("bust"), { target: { value: "85" } });
  fireEvent.change(control("waist"), { target: { value: "62" } });
  fireEvent.change(control("hips"), { target: { value: "90" } });
  await user.selectOptions(control("eyeColor"), "Marrón");
  fireEvent.change(control("instagramHandle"), { target: { value: "ana.perez" } });
  await user.selectOptions(control("internationalWork"), "no");
  await user.click(screen.getByLabelText(/acepto que la agencia trate mis datos/));
  await user.click(screen.getByRole("button", { name: "Registrarme y tomar número" }));
}

describe("the walk-in registration (issue 35)", () => {
  useFakeEventSource();
  afterEach(() => navigate.mockReset());

  it("asks for no slot, sends the poster's token, and shows the number the door gave", async () => {
    const posted = stubServer({ status: 201, body: { ...CREATED, queue: { number: 57 } } satisfies WalkInCreated });
    renderWalkIn();
    expect(await screen.findByRole("heading", { name: "Registro en la puerta" })).toBeInTheDocument();
    expect(screen.getByText(/apenas envíes el formulario registramos tu llegada/)).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Horario" })).not.toBeInTheDocument();
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    expect(screen.queryByText(/lista de espera/)).not.toBeInTheDocument();

    await fillAndSend();
    expect(await screen.findByRole("heading", { name: "¡Listo! Ya estás en la fila" })).toHaveFocus();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ walkIn: "poster-token", fullName: "Ana Pérez", consentDataProcessing: true });
    expect(posted[0]).not.toHaveProperty("timeslotId");
    expect(screen.getByTestId("place-number")).toHaveTextContent("57");
    expect(screen.getByTestId("registration-code")).toHaveTextContent("OC-7K3F9Q");
    expect(screen.getByText(/el enlace para seguir tu turno desde el celular/)).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("follows the place live when the reply carries its token", async () => {
    stubServer({ status: 201, body: { ...CREATED, queue: { number: 57, token: "check-in-token" } } satisfies WalkInCreated });
    renderWalkIn();
    await fillAndSend();
    await screen.findByRole("heading", { name: "¡Listo! Ya estás en la fila" });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(FakeEventSource.latest.query.get("t")).toBe("check-in-token");
    act(() =>
      FakeEventSource.latest.send(
        "place",
        {
          eventId: EVENT_ID,
          version: 3,
          number: 57,
          state: "waiting",
          room: null,
          calledAt: null,
          ahead: 12,
          estimatedWaitMinutes: 40,
          called: [],
        },
        3,
      ),
    );
    expect(screen.getByTestId("place-number")).toHaveTextContent("57");
    expect(screen.getByText("Hay 12 personas antes que vos")).toBeInTheDocument();
  });

  it("tells a minor waiting for the guardian what happens next, with no number yet", async () => {
    stubServer({ status: 201, body: { ...CREATED, queue: null } satisfies WalkInCreated });
    renderWalkIn();
    await fillAndSend();
    expect(await screen.findByRole("heading", { name: "Falta la autorización de tu madre, padre o tutor" })).toBeInTheDocument();
    expect(screen.getByText(/apenas lo apruebe, registramos tu llegada, te damos tu número y podés entrar/)).toBeInTheDocument();
    expect(screen.queryByTestId("place-number")).not.toBeInTheDocument();
  });

  it("says clearly when today's walk-ins are full or closed, keeping what was typed", async () => {
    const message = "Ya no hay lugar para registros en la puerta por hoy.";
    stubServer({ status: 409, body: { error: { code: "walk_ins_full", message } } });
    renderWalkIn();
    await fillAndSend();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText(message).closest("[role=alert]")).not.toBeNull();
    expect(control("fullName")).toHaveValue("Ana Pérez");
  });

  it("offers no form while the door takes no walk-ins", async () => {
    stubServer({ status: 201, body: {} }, { ...EVENT, walkIns: { open: false } } as PublicEvent);
    renderWalkIn();
    expect(await screen.findByText("La inscripción en la puerta no está abierta ahora")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Registrarme y tomar número" })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(fieldLabel("fullName"))).not.toBeInTheDocument();
  });
});
