import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { FailedCheckIn, QueuedCheckIn } from "../hooks/use-check-in-queue";
import { PendingCheckIns } from "./pending-check-ins";

const EVENT = "5a1f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10";
// 14:10 and 14:12 in Buenos Aires (UTC−3).
const byName: QueuedCheckIn = {
  key: "a",
  label: "Nico Offline",
  queuedAt: "2026-03-05T17:10:00.000Z",
  body: { registrationId: "6b1f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10", eventId: EVENT, scannedAt: "2026-03-05T17:10:00.000Z" },
};
const scanned: QueuedCheckIn = {
  key: "b",
  queuedAt: "2026-03-05T17:12:00.000Z",
  body: { token: "tok", eventId: EVENT, scannedAt: "2026-03-05T17:12:00.000Z" },
};
const refused: FailedCheckIn = {
  key: "c",
  label: "OC-ZZZZZZ",
  queuedAt: "2026-03-05T17:11:00.000Z",
  body: { code: "OC-ZZZZZZ", eventId: EVENT },
  message: "No encontramos esa inscripción. Revisá el código o buscá por nombre.",
};

function show(props: Partial<Parameters<typeof PendingCheckIns>[0]> = {}) {
  const handlers = { onDismiss: vi.fn(), onSignIn: vi.fn(), onSendNow: vi.fn() };
  render(<PendingCheckIns online pending={[]} failed={[]} needsSignIn={false} {...handlers} {...props} />);
  return handlers;
}

describe("PendingCheckIns", () => {
  it("lists each arrival still to be sent: who (name, or a scanned QR) and when", () => {
    show({ online: false, pending: [byName, scanned] });
    expect(screen.getByText("Sin conexión: las llegadas se guardan en este teléfono.")).toBeVisible();
    expect(screen.getByTestId("pending-check-ins")).toHaveTextContent("2 llegadas pendientes de enviar");
    const items = within(screen.getByRole("list", { name: "Esperando para enviar" })).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Nico Offline05\/03\/26, 02:10 p/),
      expect.stringMatching(/^Código QR escaneado05\/03\/26, 02:12 p/),
    ]);
  });

  it("shows nothing while online with nothing waiting", () => {
    show();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("asks to sign in again when the session expired, and keeps the list", async () => {
    const { onSignIn } = show({ pending: [byName], needsSignIn: true });
    expect(screen.getByText(/Tu sesión venció\. Iniciá sesión de nuevo/)).toBeVisible();
    expect(screen.getByText("Nico Offline")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Enviar ahora" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Iniciar sesión" }));
    expect(onSignIn).toHaveBeenCalledOnce();
  });

  it("offers to send now while online", async () => {
    const { onSendNow } = show({ pending: [byName] });
    await userEvent.click(screen.getByRole("button", { name: "Enviar ahora" }));
    expect(onSendNow).toHaveBeenCalledOnce();
  });

  it("shows an arrival the server refused, with its reason, until dismissed", async () => {
    const { onDismiss } = show({ failed: [refused] });
    const alert = screen.getByTestId("failed-check-ins");
    expect(within(alert).getByText("No se pudieron registrar")).toBeVisible();
    expect(within(alert).getByText(/OC-ZZZZZZ/)).toBeVisible();
    expect(within(alert).getByText(refused.message)).toBeVisible();
    await userEvent.click(within(alert).getByRole("button", { name: "Descartar el aviso de OC-ZZZZZZ" }));
    expect(onDismiss).toHaveBeenCalledWith("c");
  });
});
