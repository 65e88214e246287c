/**
 * The registration's source (issue 38): the tracked link's slug of /e/<event>/<link>, else the
 * address's utm_source, sent with the registration; nothing when neither.
 */
import { fieldLabel } from "@common/registrant/fields";
import type { PublicEvent } from "@common/schemas/public-responses";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RegistrationForm } from "./registration-form";

const EVENT_ID = "6f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f";
const SLOT_ID = "7f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f";
const CREATED = { registrationCode: "ABC123", successToken: "token", verificationEmailQueued: true };

const EVENT: PublicEvent = {
  id: EVENT_ID,
  eventName: "Casting de otoño",
  eventDate: "2026-03-05",
  location: "Av. Corrientes 1234",
  description: "",
  photos: "off",
  privacyNoticeVersion: 1,
  timeslots: [{ id: SLOT_ID, startTime: "10:00", endTime: "11:00", capacity: 10, availableSpots: 5, started: false }],
};

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

function renderForm() {
  const onRegistered = vi.fn();
  render(
    <RegistrationForm
      event={EVENT}
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

afterEach(() => window.history.replaceState(null, "", "/"));

async function registerAt(address: string) {
  window.history.replaceState(null, "", address);
  const requests = stubServer();
  const user = userEvent.setup();
  const { onRegistered } = renderForm();
  await fillValidForm(user);
  await user.click(screen.getByRole("button", { name: "Enviar registro" }));
  await waitFor(() => expect(onRegistered).toHaveBeenCalledWith(CREATED));
  return requests[0]!.body;
}

describe("the registration's source (issue 38)", () => {
  it("is the tracked link's slug at /e/<event>/<link>, whatever the address's utm_source", async () => {
    expect(await registerAt("/e/casting-de-otono/historia-ig?utm_source=whatsapp")).toMatchObject({ source: "historia-ig" });
  });

  it("is the utm_source at the event's own address", async () => {
    expect(await registerAt("/e/casting-de-otono?utm_source=newsletter&utm_medium=email")).toMatchObject({
      source: "newsletter",
    });
  });

  it("is not sent when there is neither", async () => {
    expect(await registerAt("/e/casting-de-otono")).not.toHaveProperty("source");
  });
});
