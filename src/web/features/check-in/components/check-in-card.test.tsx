import type { CheckInResponse } from "@common/schemas/check-ins";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CheckInCard } from "./check-in-card";

const ID = "6b1f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10";
const PHOTO = `/api/registrations/${ID}/photos/face?size=thumb`;

function result(
  overrides: Partial<CheckInResponse["registration"]> = {},
  warnings: CheckInResponse["warnings"] = [],
  stop: CheckInResponse["stop"] = null,
) {
  return {
    registration: {
      id: ID,
      fullName: "Lola Puerta",
      age: 24,
      registrationCode: "OC-7K3F9Q",
      status: "confirmed",
      emailVerified: true,
      guardianStatus: "not_required",
      guardian: null,
      event: { id: "5a1f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10", eventName: "Casting de otoño", eventDate: "2026-03-05" },
      timeslot: { id: "4a1f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10", startTime: "10:00", endTime: "11:00" },
      photoUrl: PHOTO,
      attended: false,
      attendedAt: null,
      checkedInBy: null,
      ...overrides,
    },
    alreadyCheckedIn: false,
    checkedIn: false,
    overridden: false,
    stop,
    warnings,
    queue: null,
  } satisfies CheckInResponse;
}

const show = (value: CheckInResponse, handlers: { onCheckIn?: () => void; onOverride?: (reason: string) => void } = {}) =>
  render(<CheckInCard result={value} busy={false} onCheckIn={vi.fn()} onOverride={vi.fn()} onNext={vi.fn()} {...handlers} />);

const GUARDIAN = { name: "Marta Madre", email: "marta@example.com" };
const pendingMinor = (overridable: boolean) =>
  result({ age: 16, guardianStatus: "pending", guardian: GUARDIAN }, [], {
    code: "guardian_pending",
    message: "Menor sin autorización: su madre, padre o tutor todavía no aprobó la inscripción. No puede pasar.",
    overridable,
  });

describe("the check-in card", () => {
  it("shows the person's face photo when there is one, so staff see who is at the door", () => {
    show(result());
    expect(screen.getByRole("img", { name: "Foto de Lola Puerta" })).toHaveAttribute("src", PHOTO);
    expect(screen.getByRole("heading", { name: "Lola Puerta" })).toBeInTheDocument();
    expect(screen.getByText("24 años")).toBeInTheDocument();
  });

  it("shows the person's number in the line once they arrived (issue 35), also on a card the phone already had", () => {
    const { unmount } = show({ ...result(), queue: null });
    expect(screen.queryByTestId("queue-number")).toBeNull();
    unmount();
    const arrived = {
      ...result({ attended: true, attendedAt: "2026-03-05T13:05:00.000Z" }),
      checkedIn: true,
      queue: { number: 23 },
    };
    const again = show(arrived);
    expect(screen.getByTestId("queue-number")).toHaveTextContent("Número 23");
    again.unmount();
    render(<CheckInCard result={arrived} offline busy={false} onCheckIn={vi.fn()} onOverride={vi.fn()} onNext={vi.fn()} />);
    expect(screen.getByText("Sin conexión: estos son los datos que este teléfono ya tenía.")).toBeInTheDocument();
    expect(screen.getByTestId("queue-number")).toHaveTextContent("Número 23");
  });

  it("shows a placeholder, not a broken image, without a photo", () => {
    show(result({ photoUrl: null }));
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("offers the plain 'Registrar llegada' without warnings, and 'Dejar pasar igual' with one", () => {
    const { unmount } = show(result());
    expect(screen.getByRole("button", { name: "Registrar llegada" })).toBeInTheDocument();
    unmount();
    show(result({ emailVerified: false }, [{ code: "email_not_verified", message: "No verificó su correo electrónico." }]));
    expect(screen.getByRole("alert")).toHaveTextContent("No verificó su correo electrónico.");
    expect(screen.getByRole("button", { name: "Dejar pasar igual" })).toBeInTheDocument();
  });

  it("stops a minor without the guardian's approval: the reason, the guardian's contact, and no way in for a member", () => {
    show(pendingMinor(false));
    expect(screen.getByTestId("check-in-stop")).toHaveTextContent(
      "No puede pasarMenor sin autorización: su madre, padre o tutor todavía no aprobó la inscripción. No puede pasar.",
    );
    expect(screen.getByTestId("check-in-guardian")).toHaveTextContent("Marta Madre");
    expect(screen.getByRole("link", { name: "Escribir a marta@example.com" })).toHaveAttribute(
      "href",
      "mailto:marta@example.com",
    );
    expect(screen.getByText("Falta autorización")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Registrar llegada|Dejar pasar/ })).toBeNull();
    expect(screen.getByText("Solo un admin puede dejarla pasar, con un motivo.")).toBeInTheDocument();
  });

  it("lets an admin override only with a reason", async () => {
    const user = userEvent.setup();
    const onOverride = vi.fn();
    show(pendingMinor(true), { onOverride });
    expect(screen.queryByRole("button", { name: /Registrar llegada|Dejar pasar igual/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Dejar pasar por excepción" }));
    await user.click(screen.getByRole("button", { name: "Dejar pasar con este motivo" }));
    expect(screen.getByText("Escribí el motivo.")).toHaveAttribute("role", "alert");
    expect(screen.getByLabelText("Motivo de la excepción")).toHaveAttribute("aria-invalid", "true");
    expect(onOverride).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText("Motivo de la excepción"), "  La madre vino y firmó.  ");
    await user.click(screen.getByRole("button", { name: "Dejar pasar con este motivo" }));
    expect(onOverride).toHaveBeenCalledWith("La madre vino y firmó.");
  });

  it("offers no override from what the phone knew offline, and says the card is not fresh", () => {
    render(
      <CheckInCard result={pendingMinor(true)} offline busy={false} onCheckIn={vi.fn()} onOverride={vi.fn()} onNext={vi.fn()} />,
    );
    expect(screen.getByText("Sin conexión: estos son los datos que este teléfono ya tenía.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Dejar pasar/ })).toBeNull();
  });

  it("says a refused guardian's registration cannot go in, and offers nothing", () => {
    show(
      result({ age: 16, status: "cancelled", guardianStatus: "refused", guardian: GUARDIAN }, [], {
        code: "guardian_refused",
        message: "Su madre, padre o tutor no autorizó la inscripción, que quedó cancelada. No puede pasar.",
        overridable: false,
      }),
    );
    expect(screen.getByTestId("check-in-stop")).toHaveTextContent("no autorizó la inscripción");
    expect(screen.getByText("Rechazada")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Registrar llegada|Dejar pasar/ })).toBeNull();
    expect(screen.queryByText("Solo un admin puede dejarla pasar, con un motivo.")).toBeNull();
  });
});
