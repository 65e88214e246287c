import type { CheckInResponse } from "@common/schemas/check-ins";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CheckInCard } from "./check-in-card";

const ID = "6b1f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10";
const PHOTO = `/api/registrations/${ID}/photos/face?size=thumb`;

function result(overrides: Partial<CheckInResponse["registration"]> = {}, warnings: CheckInResponse["warnings"] = []) {
  return {
    registration: {
      id: ID,
      fullName: "Lola Puerta",
      age: 24,
      registrationCode: "OC-7K3F9Q",
      status: "confirmed",
      emailVerified: true,
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
    warnings,
  } satisfies CheckInResponse;
}

const show = (value: CheckInResponse) => render(<CheckInCard result={value} busy={false} onCheckIn={vi.fn()} onNext={vi.fn()} />);

describe("the check-in card", () => {
  it("shows the person's face photo when there is one, so staff see who is at the door", () => {
    show(result());
    expect(screen.getByRole("img", { name: "Foto de Lola Puerta" })).toHaveAttribute("src", PHOTO);
    expect(screen.getByRole("heading", { name: "Lola Puerta" })).toBeInTheDocument();
    expect(screen.getByText("24 años")).toBeInTheDocument();
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
});
