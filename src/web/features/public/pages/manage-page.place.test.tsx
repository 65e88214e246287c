import { todayIso } from "@common/dates";
import type { ManageView } from "@common/schemas/self-service";
import { act, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeEventSource, useFakeEventSource } from "@web/test/event-source";
import { mockFetch } from "@web/test/render-route";
import { ManagePage } from "./manage-page";

const view = (eventDate: string, status: "confirmed" | "cancelled" = "confirmed"): ManageView => ({
  registration: {
    registrationCode: "OC-7K3F9Q",
    fullName: "Valentina Núñez",
    status,
    state: status,
    timeslotId: "slot-1",
    checkInUrl: status === "cancelled" ? null : "https://casting.example/check-in?t=abc",
  },
  event: { eventName: "Casting de otoño", eventDate, location: "Av. Corrientes 1234" },
  timeslot: { startTime: "10:00", endTime: "11:00" },
  clientSharing: { consent: false, awaitingGuardian: false, canGive: true },
  otherTimeslots: [],
});

describe("the manage page on the casting day (issue 35)", () => {
  useFakeEventSource();

  it("shows the person's place, live, first", async () => {
    mockFetch({ "GET /api/public/registrations/manage": () => ({ status: 200, body: view(todayIso()) }) });
    render(<ManagePage token="manage-token" />);
    const section = (await screen.findByRole("heading", { name: "Tu turno de hoy" })).closest("section")!;
    expect(FakeEventSource.latest.query.get("t")).toBe("manage-token");
    act(() =>
      FakeEventSource.latest.send(
        "place",
        {
          eventId: "6f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f",
          version: 8,
          number: 42,
          state: "called",
          room: "Sala 2",
          calledAt: "2027-04-09T14:05:00.000-03:00",
          ahead: null,
          estimatedWaitMinutes: null,
          called: [{ number: 42, room: "Sala 2", calledAt: "2027-04-09T14:05:00.000-03:00" }],
        },
        8,
      ),
    );
    expect(within(section).getByRole("alert")).toHaveTextContent("¡Te toca! Andá a Sala 2");
    // Above the registration's card and its door code.
    const code = screen.getByTestId("registration-code");
    expect(section.compareDocumentPosition(code) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("opens no stream on another day, nor for a cancelled registration", async () => {
    mockFetch({ "GET /api/public/registrations/manage": () => ({ status: 200, body: view("2027-01-01") }) });
    const { unmount } = render(<ManagePage token="manage-token" />);
    await screen.findByTestId("registration-code");
    expect(screen.queryByRole("heading", { name: "Tu turno de hoy" })).not.toBeInTheDocument();
    unmount();

    mockFetch({ "GET /api/public/registrations/manage": () => ({ status: 200, body: view(todayIso(), "cancelled") }) });
    render(<ManagePage token="manage-token" />);
    await screen.findByTestId("registration-code");
    expect(screen.queryByRole("heading", { name: "Tu turno de hoy" })).not.toBeInTheDocument();
    expect(FakeEventSource.instances).toHaveLength(0);
  });
});
