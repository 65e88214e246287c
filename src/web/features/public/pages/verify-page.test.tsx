import type { VerifyResult } from "@common/schemas/public-responses";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { VerifyPage } from "./verify-page";

const SHEET: NonNullable<VerifyResult["registration"]> = {
  status: "confirmed",
  registrationCode: "AB12CD34",
  fullName: "Valentina Núñez",
  dateOfBirth: "2008-04-02",
  location: "CABA",
  email: "valentina@example.com",
  phoneNumber: "1155550000",
  height: 175,
  bust: 84,
  waist: 60,
  hips: 88,
  eyeColor: "Marrones",
  instagramHandle: null,
  internationalWork: true,
  event: {
    eventName: "Casting de otoño",
    eventDate: "2026-03-05",
    location: "Av. Corrientes 1234",
    description: "",
    confirmationDetails: "Traé tacos.",
  },
  timeslot: { startTime: "10:00", endTime: "11:00" },
};

function answer(result: VerifyResult) {
  vi.spyOn(globalThis, "fetch").mockResolvedValue(
    new Response(JSON.stringify(result), { status: 200, headers: { "content-type": "application/json" } }),
  );
}

afterEach(() => vi.restoreAllMocks());

describe("verify page", () => {
  it("shows the code, the event's details and the PDF download on the verifying visit", async () => {
    answer({ outcome: "verified", registrationCode: "AB12CD34", state: "confirmed", registration: SHEET });
    render(<VerifyPage token="t" />);
    expect(await screen.findByRole("heading", { name: "¡Correo verificado!" })).toBeInTheDocument();
    expect(screen.getByTestId("registration-code")).toHaveTextContent("AB12CD34");
    expect(screen.getByText("Casting de otoño")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Descargar ficha de registro" })).toBeInTheDocument();
  });

  it("shows only the outcome and the code on a later visit, and says why", async () => {
    answer({ outcome: "already_verified", registrationCode: "AB12CD34", state: "confirmed" });
    render(<VerifyPage token="t" />);
    expect(await screen.findByRole("heading", { name: "Registro ya confirmado" })).toBeInTheDocument();
    expect(screen.getByTestId("registration-code")).toHaveTextContent("AB12CD34");
    expect(screen.getByText(/los datos de tu registro se muestran solo cuando verificás el correo/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Descargar ficha de registro" })).not.toBeInTheDocument();
    expect(screen.queryByText("Casting de otoño")).not.toBeInTheDocument();
  });

  it("never says 'confirmed' to a minor whose guardian has not approved: it says what is missing", async () => {
    answer({ outcome: "verified", registrationCode: "AB12CD34", state: "awaiting_guardian", registration: SHEET });
    const { unmount } = render(<VerifyPage token="t" />);
    expect(await screen.findByRole("heading", { name: "¡Correo verificado!" })).toBeInTheDocument();
    expect(screen.getByTestId("registration-state")).toHaveTextContent(
      "Tu inscripción todavía no está confirmada: falta la autorización de tu madre, padre o tutor.",
    );
    expect(screen.queryByText(/Tu registro está confirmado/)).not.toBeInTheDocument();
    unmount();

    answer({ outcome: "already_verified", registrationCode: "AB12CD34", state: "awaiting_guardian" });
    render(<VerifyPage token="t" />);
    expect(await screen.findByRole("heading", { name: "Correo ya verificado" })).toBeInTheDocument();
    expect(screen.queryByText("Registro ya confirmado")).not.toBeInTheDocument();
    expect(screen.getByTestId("registration-state")).toHaveTextContent("falta la autorización de tu madre, padre o tutor");
  });

  it("says a guardian's refusal, with no sheet to download", async () => {
    answer({ outcome: "verified", registrationCode: "AB12CD34", state: "guardian_refused" });
    render(<VerifyPage token="t" />);
    expect(await screen.findByRole("heading", { name: "Inscripción no autorizada" })).toBeInTheDocument();
    expect(screen.getByTestId("registration-state")).toHaveTextContent(
      "Tu madre, padre o tutor no autorizó tu inscripción, así que fue cancelada.",
    );
    expect(screen.queryByText(/los datos de tu registro se muestran/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Descargar ficha de registro" })).not.toBeInTheDocument();
  });
});
