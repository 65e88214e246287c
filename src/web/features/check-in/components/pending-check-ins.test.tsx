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
  const handlers = { onDismiss: vi.fn(), onOpen: vi.fn(), onSignIn: vi.fn(), onSendNow: vi.fn(), onClearNumbered: vi.fn() };
  render(<PendingCheckIns online pending={[]} failed={[]} numbered={[]} needsSignIn={false} {...handlers} {...props} />);
  return handlers;
}

describe("PendingCheckIns", () => {
  it("lists each arrival still to be sent: who (name, or a scanned QR) and when", () => {
    show({ online: false, pending: [byName, scanned] });
    expect(screen.getByText("Sin conexión: las llegadas se guardan en este teléfono.")).toBeVisible();
    expect(screen.getByTestId("pending-check-ins")).toHaveTextContent("2 llegadas pendientes de enviar");
    const items = within(screen.getByRole("list", { name: "Esperando para enviar" })).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["Nico Offline05/03/26, 14:10", "Código QR escaneado05/03/26, 14:12"]);
  });

  it("tells each arrival sent late its number in the line, until staff are done with them", async () => {
    const { onClearNumbered } = show({
      numbered: [
        { key: "a", name: "Nico Offline", number: 23 },
        { key: "b", name: "Ana Pérez", number: 24 },
      ],
    });
    const list = screen.getByTestId("numbered-check-ins");
    expect(list).toHaveTextContent("Llegadas enviadas: su número en la fila");
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Nico OfflineNúmero 23", "Ana PérezNúmero 24"]);
    await userEvent.click(within(list).getByRole("button", { name: "Listo" }));
    expect(onClearNumbered).toHaveBeenCalledOnce();
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

  it("lists a queued arrival the server stopped apart from the failed ones: the reason, the guardian, and a way back to the card", async () => {
    const stopped: FailedCheckIn = {
      key: "d",
      label: "Lola Menor",
      queuedAt: "2026-03-05T17:13:00.000Z",
      body: { token: "tok2", eventId: EVENT },
      message: "Menor sin autorización: su madre, padre o tutor todavía no aprobó la inscripción. No puede pasar.",
      stop: {
        code: "guardian_pending",
        registrationId: "7c1f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10",
        guardian: { name: "Marta Madre", email: "marta@example.com" },
      },
    };
    const { onOpen, onDismiss } = show({ failed: [refused, stopped] });
    const list = screen.getByTestId("stopped-check-ins");
    expect(list).toHaveTextContent("Detenidos en la puerta: no se registró la llegada");
    expect(list).toHaveTextContent("Lola Menor · 05/03/26");
    expect(list).toHaveTextContent("Menor sin autorización");
    expect(list).toHaveTextContent("Madre, padre o tutor: Marta Madre · marta@example.com");
    expect(list).not.toHaveTextContent("OC-ZZZZZZ");
    expect(screen.getByTestId("failed-check-ins")).not.toHaveTextContent("Lola Menor");
    await userEvent.click(within(list).getByRole("button", { name: "Ver a Lola Menor" }));
    expect(onOpen).toHaveBeenCalledWith("7c1f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10");
    await userEvent.click(within(list).getByRole("button", { name: "Descartar el aviso de Lola Menor" }));
    expect(onDismiss).toHaveBeenCalledWith("d");
  });
});
