/** The registration page at an event's short address, /e/<slug> (issue 32). */
import type { PublicPageState } from "@common/schemas/public-page";
import type { PublicEvent } from "@common/schemas/public-responses";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { LanguageProvider } from "@web/lib/language";
import { PageStateContext } from "../page-state";
import { RegisterPage } from "./register-page";

const EVENT: PublicEvent = {
  id: "6f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f",
  eventName: "Casting Córdoba 2027",
  eventDate: "2027-04-09",
  location: "Nueva Córdoba",
  description: "",
  photos: "off",
  timeslots: [
    {
      id: "7f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f",
      startTime: "10:00",
      endTime: "11:00",
      capacity: 20,
      availableSpots: 4,
      started: false,
    },
  ],
};

function answer(status: number, body: unknown) {
  return vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(
      async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
    );
}

function renderAt(slug: string, state: PublicPageState | null = null) {
  render(
    <PageStateContext.Provider value={state}>
      <LanguageProvider>
        <RegisterPage slug={slug} navigate={() => {}} />
      </LanguageProvider>
    </PageStateContext.Provider>,
  );
}

describe("the registration page at /e/<slug>", () => {
  it("shows the event the server rendered it with, without fetching it again", () => {
    const fetched = answer(200, EVENT);
    renderAt("casting-cordoba-2027", {
      language: "es-AR",
      today: "2027-01-01",
      contactEmail: null,
      event: { id: EVENT.id, slug: "casting-cordoba-2027", data: EVENT },
    });
    expect(screen.getByRole("heading", { name: "Registro para Casting Córdoba 2027" })).toBeInTheDocument();
    expect(fetched).not.toHaveBeenCalled();
  });

  it("reads the event by its slug where the server did not render the page", async () => {
    const fetched = answer(200, EVENT);
    renderAt("casting-cordoba-2027");
    expect(await screen.findByRole("heading", { name: "Registro para Casting Córdoba 2027" })).toBeInTheDocument();
    expect(String(fetched.mock.calls[0]?.[0])).toBe("/api/public/events/by-slug/casting-cordoba-2027");
  });

  it("says the event is not found for an unknown slug, as for an unknown id", async () => {
    answer(404, { error: { code: "event_not_found", message: "Evento no encontrado o inactivo" } });
    renderAt("no-existe");
    expect(await screen.findByRole("heading", { name: "Evento no encontrado o inactivo" })).toBeInTheDocument();
  });
});
