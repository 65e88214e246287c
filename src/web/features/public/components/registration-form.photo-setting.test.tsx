/**
 * The public form follows the event's photo setting (issue 17): "off" shows no photo pickers and
 * sends no photos; "optional" lets a person register without choosing any; "required" (the
 * contrast) does not.
 */
import type { PhotoSetting } from "@common/photos";
import { fieldLabel } from "@common/registrant/fields";
import type { PublicEvent } from "@common/schemas/public-responses";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { RegistrationForm } from "./registration-form";

const EVENT_ID = "6f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f";
const SLOT_ID = "7f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f";
const CREATED = { registrationCode: "ABC123", successToken: "token", verificationEmailQueued: true };

const eventWith = (photos: PhotoSetting): PublicEvent => ({
  id: EVENT_ID,
  eventName: "Casting de otoño",
  eventDate: "2026-03-05",
  location: "Av. Corrientes 1234",
  description: "",
  photos,
  privacyNoticeVersion: 1,
  timeslots: [{ id: SLOT_ID, startTime: "10:00", endTime: "11:00", capacity: 10, availableSpots: 5, started: false }],
});

/** The server: a registration is created; every request is recorded with its parsed body. */
function stubServer() {
  const requests: Array<{ url: string; method: string; body: Record<string, unknown> | undefined }> = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    requests.push({ url: String(input), method: init?.method ?? "GET", body });
    return new Response(JSON.stringify(CREATED), { status: 201, headers: { "content-type": "application/json" } });
  });
  return requests;
}

function renderForm(photos: PhotoSetting) {
  const onRegistered = vi.fn();
  render(
    <RegistrationForm
      event={eventWith(photos)}
      onRegistered={onRegistered}
      onJoinedWaitlist={vi.fn()}
      onSlotsStale={vi.fn()}
      onEventGone={vi.fn()}
    />,
  );
  return { onRegistered };
}

const control = (name: Parameters<typeof fieldLabel>[0]) =>
  screen.getByLabelText(fieldLabel(name), { selector: "input, select" });

/** An adult's valid answers to every field, and the consent to data processing. */
async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
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
}

const PICKER_LABEL = /: (sacar una foto con la cámara|elegir una foto de la galería)$/;
const MISSING_PHOTO = /Falta la foto/;

describe("the public form with the event's photos off", () => {
  it("shows no photo pickers and no photo consent, and sends the registration without photos", async () => {
    const requests = stubServer();
    const user = userEvent.setup();
    const { onRegistered } = renderForm("off");

    expect(screen.queryByRole("heading", { name: "Fotos" })).not.toBeInTheDocument();
    expect(screen.queryAllByLabelText(PICKER_LABEL)).toEqual([]);
    expect(document.querySelector('input[type="file"]')).toBeNull();
    expect(screen.queryByLabelText(/use mis fotos/)).not.toBeInTheDocument();

    await fillValidForm(user);
    await user.click(screen.getByRole("button", { name: "Enviar registro" }));

    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith(CREATED));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: `/api/public/events/${EVENT_ID}/registrations`, method: "POST" });
    expect(requests[0]!.body).toMatchObject({ fullName: "Ana Pérez", timeslotId: SLOT_ID, consentDataProcessing: true });
    expect(requests[0]!.body).not.toHaveProperty("photos");
    expect(screen.queryByText(MISSING_PHOTO)).not.toBeInTheDocument();
  });
});

describe("the public form with the event's photos optional", () => {
  it("offers the three photos as optional, and sends the registration when none was chosen", async () => {
    const requests = stubServer();
    const user = userEvent.setup();
    const { onRegistered } = renderForm("optional");

    expect(screen.getByRole("heading", { name: "Fotos" })).toBeInTheDocument();
    expect(screen.getByText(/^Si querés, subí tres fotos/)).toBeInTheDocument();
    expect(screen.getAllByLabelText(PICKER_LABEL)).toHaveLength(6);

    await fillValidForm(user);
    await user.click(screen.getByRole("button", { name: "Enviar registro" }));

    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith(CREATED));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: `/api/public/events/${EVENT_ID}/registrations`, method: "POST" });
    expect(requests[0]!.body).not.toHaveProperty("photos");
    expect(screen.queryByText(MISSING_PHOTO)).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("the public form with the event's photos required (the contrast)", () => {
  it("sends nothing while photos are missing, and names each one", async () => {
    const requests = stubServer();
    const user = userEvent.setup();
    const { onRegistered } = renderForm("required");

    await fillValidForm(user);
    // The photo consent is asked when photos are required.
    await user.click(screen.getByLabelText(/use mis fotos/));
    await user.click(screen.getByRole("button", { name: "Enviar registro" }));

    const summary = await screen.findByRole("alert");
    for (const kind of ["frente", "perfil", "cuerpo entero"]) {
      expect(summary).toHaveTextContent(`Falta la foto de ${kind}.`);
    }
    expect(requests).toEqual([]);
    expect(onRegistered).not.toHaveBeenCalled();
  });
});

describe("the optional consent to be shown to clients (issue 36)", () => {
  it("is offered unticked, with what clients would see, and sent only as the person answers it", async () => {
    const requests = stubServer();
    const user = userEvent.setup();
    const { onRegistered } = renderForm("off");
    const box = screen.getByRole("checkbox", { name: /muestre mi perfil y mis fotos a sus clientes/ });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/nunca tus datos de contacto/);

    await fillValidForm(user);
    await user.click(box);
    await user.click(screen.getByRole("button", { name: "Enviar registro" }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith(CREATED));
    expect(requests[0]!.body).toMatchObject({ consentDataProcessing: true, consentClientSharing: true });
  });
});
