/** The card's ways to the casting day (issue 35): the room for whoever calls the line, the day's preparation for admins. */
import type { Role } from "@common/permissions";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { SignedInAs } from "@web/test/session";
import { scoutingEvent } from "../events.test-support";
import { EventCard } from "./event-card";

const EVENT = scoutingEvent();

function renderCard(role: Role) {
  // The short address's origin: the page's own is fine here.
  vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("{}", { status: 404 }));
  render(
    <SignedInAs role={role}>
      <MemoryRouter>
        <EventCard event={EVENT} canEdit={false} />
      </MemoryRouter>
    </SignedInAs>,
  );
}

describe("the event card's casting day links", () => {
  it("leads an admin to the event's room and to its casting day", () => {
    renderCard("admin");
    expect(screen.getByRole("link", { name: "Abrir la sala de Casting de otoño" })).toHaveAttribute(
      "href",
      `/dashboard/check-in/room?eventId=${EVENT.id}`,
    );
    expect(screen.getByRole("link", { name: "Día de casting de Casting de otoño" })).toHaveAttribute(
      "href",
      `/dashboard/scouting/events/${EVENT.id}/casting-day`,
    );
  });

  it("leads a member to the room only", () => {
    renderCard("member");
    expect(screen.getByRole("link", { name: "Abrir la sala de Casting de otoño" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Día de casting de Casting de otoño" })).toBeNull();
  });

  it("shows a viewer neither", () => {
    renderCard("viewer");
    expect(screen.queryByRole("link", { name: /Abrir la sala/ })).toBeNull();
    expect(screen.queryByRole("link", { name: /Día de casting/ })).toBeNull();
  });
});
