import type { ManageView } from "@common/schemas/self-service";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { qrPath, qrRuns } from "@web/lib/qr";
import { mockFetch } from "@web/test/render-route";
import { ManagePage } from "./manage-page";

const CHECK_IN_URL = "https://casting.example/check-in?t=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ";

const VIEW: ManageView = {
  registration: {
    registrationCode: "OC-7K3F9Q",
    fullName: "Valentina Núñez",
    status: "confirmed",
    state: "confirmed",
    timeslotId: "slot-1",
    checkInUrl: CHECK_IN_URL,
  },
  event: { eventName: "Casting de otoño", eventDate: "2026-03-05", location: "Av. Corrientes 1234" },
  timeslot: { startTime: "10:00", endTime: "11:00" },
  clientSharing: { consent: false, awaitingGuardian: false, canGive: true },
  otherTimeslots: [],
};
const CANCELLED: ManageView = {
  ...VIEW,
  registration: { ...VIEW.registration, status: "cancelled", state: "cancelled", checkInUrl: null },
};

describe("manage page", () => {
  it("shows the check-in QR code of a live registration, encoding its check-in link", async () => {
    mockFetch({ "GET /api/public/registrations/manage": () => ({ status: 200, body: VIEW }) });
    render(<ManagePage token="manage-token" />);
    const section = (await screen.findByRole("heading", { name: "Tu código para la puerta" })).closest("section")!;
    const qr = await within(section).findByRole("img", { name: "Código QR de llegada para OC-7K3F9Q" });
    // The very code the door reads: the same modules as the link's own QR code.
    expect(qr.querySelector("path")!.getAttribute("d")).toBe(qrPath(await qrRuns(CHECK_IN_URL)));
    expect(qrPath(await qrRuns(`${CHECK_IN_URL}x`))).not.toBe(qr.querySelector("path")!.getAttribute("d"));
  });

  it("shows no QR code once the registration is cancelled, also right after cancelling on the page", async () => {
    mockFetch({
      "GET /api/public/registrations/manage": () => ({ status: 200, body: VIEW }),
      "POST /api/public/registrations/manage/cancel": () => ({ status: 200, body: CANCELLED }),
    });
    render(<ManagePage token="manage-token" />);
    expect(await screen.findByRole("img", { name: /Código QR de llegada/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Cancelar mi inscripción" }));
    await userEvent.click(await screen.findByRole("button", { name: "Sí, cancelar" }));
    expect(await screen.findByTestId("registration-status")).toHaveTextContent("Cancelada");
    expect(screen.queryByRole("heading", { name: "Tu código para la puerta" })).not.toBeInTheDocument();
    expect(screen.queryByRole("img", { name: /Código QR de llegada/ })).not.toBeInTheDocument();
  });

  it("never reads 'Confirmada' for a minor whose guardian has not approved, and reads a refusal as such", async () => {
    const waiting: ManageView = { ...VIEW, registration: { ...VIEW.registration, state: "awaiting_guardian" } };
    mockFetch({ "GET /api/public/registrations/manage": () => ({ status: 200, body: waiting }) });
    const { unmount } = render(<ManagePage token="manage-token" />);
    expect(await screen.findByTestId("registration-status")).toHaveTextContent(
      "Esperando la autorización de tu madre, padre o tutor",
    );
    expect(screen.queryByText("Confirmada")).not.toBeInTheDocument();
    expect(screen.getByText(/Falta la autorización de tu madre, padre o tutor: le enviamos un e-mail/)).toBeInTheDocument();
    unmount();

    const refused: ManageView = {
      ...CANCELLED,
      registration: { ...CANCELLED.registration, state: "guardian_refused" },
    };
    mockFetch({ "GET /api/public/registrations/manage": () => ({ status: 200, body: refused }) });
    render(<ManagePage token="manage-token" />);
    expect(await screen.findByTestId("registration-status")).toHaveTextContent("No autorizada por tu madre, padre o tutor");
  });

  it("gives and withdraws the consent to be shown to clients (issue 36); a minor whose guardian decided cannot give it", async () => {
    const given: ManageView = { ...VIEW, clientSharing: { consent: true, awaitingGuardian: false, canGive: false } };
    const answers: unknown[] = [];
    mockFetch({
      "GET /api/public/registrations/manage": () => ({ status: 200, body: VIEW }),
      "POST /api/public/registrations/manage/client-sharing": (body) => {
        answers.push(body);
        return { status: 200, body: (body as { consent: boolean }).consent ? given : VIEW };
      },
    });
    const { unmount } = render(<ManagePage token="manage-token" />);
    const section = (await screen.findByRole("heading", { name: "Mostrar mi perfil a clientes" })).closest("section")!;
    expect(within(section).getByText(/La agencia no muestra tu perfil a sus clientes/)).toBeInTheDocument();
    await userEvent.click(within(section).getByRole("button", { name: "Aceptar" }));
    expect(await screen.findByText("Listo: la agencia puede mostrar tu perfil a sus clientes.")).toBeInTheDocument();
    await userEvent.click(within(section).getByRole("button", { name: "Retirar mi permiso" }));
    expect(await screen.findByText(/dejaste de figurar en toda selección/)).toBeInTheDocument();
    expect(answers).toEqual([
      { t: "manage-token", consent: true },
      { t: "manage-token", consent: false },
    ]);
    unmount();

    const closed: ManageView = { ...VIEW, clientSharing: { consent: false, awaitingGuardian: false, canGive: false } };
    mockFetch({ "GET /api/public/registrations/manage": () => ({ status: 200, body: closed }) });
    render(<ManagePage token="manage-token" />);
    const minor = (await screen.findByRole("heading", { name: "Mostrar mi perfil a clientes" })).closest("section")!;
    expect(within(minor).getByText(/Como sos menor/)).toBeInTheDocument();
    expect(within(minor).queryByRole("button")).not.toBeInTheDocument();
  });
});
