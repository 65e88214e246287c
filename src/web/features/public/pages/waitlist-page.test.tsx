import type { WaitlistView } from "@common/schemas/self-service";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mockFetch } from "@web/test/render-route";
import { WaitlistPage } from "./waitlist-page";

const ACCEPTED: WaitlistView = {
  status: "accepted",
  position: null,
  offerExpiresAt: null,
  event: { eventName: "Casting de otoño", eventDate: "2026-03-05", location: "Av. Corrientes 1234" },
  timeslot: { startTime: "10:00", endTime: "11:00" },
  registrationCode: "OC-7K3F9Q",
  registrationState: "confirmed",
  manageToken: "manage-token",
};

const show = (view: WaitlistView) => {
  mockFetch({ "POST /api/public/waitlist/confirm": () => ({ status: 200, body: view }) });
  return render(<WaitlistPage token="t" navigate={vi.fn()} />);
};

describe("waitlist page, an offer accepted", () => {
  it("says the registration is confirmed for an adult, and what is missing for a minor waiting for the guardian (issue 32)", async () => {
    const { unmount } = show(ACCEPTED);
    expect(await screen.findByTestId("waitlist-accepted")).toHaveTextContent(
      "¡Listo! Tu inscripción está confirmada. Código de registro: OC-7K3F9Q",
    );
    unmount();
    show({ ...ACCEPTED, registrationState: "awaiting_guardian" });
    const text = await screen.findByTestId("waitlist-accepted");
    expect(text).toHaveTextContent("Falta la autorización de tu madre, padre o tutor");
    expect(text).not.toHaveTextContent("confirmada");
  });
});
