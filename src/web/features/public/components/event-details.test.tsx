import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LanguageProvider } from "@web/lib/language";
import { EventDetails, type EventDetailsProps } from "./event-details";

const EVENT = { eventName: "Casting de otoño", eventDate: "2026-03-05", location: "Av. Corrientes 1234" };

function renderDetails(props: Partial<EventDetailsProps> = {}) {
  render(
    <LanguageProvider>
      <EventDetails event={EVENT} timeslot={{ startTime: "10:00", endTime: "11:00" }} {...props} />
    </LanguageProvider>,
  );
}

/** The list's rows as [term, definition] pairs. */
const rows = () => screen.getAllByRole("term").map((term) => [term.textContent, term.nextElementSibling?.textContent] as const);

describe("the event's details", () => {
  it("lists the event, its date, the slot's times and the place, with the catalogue's terms", () => {
    renderDetails();
    expect(rows()).toEqual([
      ["Evento", "Casting de otoño"],
      ["Fecha", "05/03/26"],
      ["Horario", "10:00 - 11:00"],
      ["Lugar", "Av. Corrientes 1234"],
    ]);
    expect(screen.getAllByRole("definition")).toHaveLength(4);
  });

  it("shows a dash for a slot the reply does not name, and the page's own rows after the event's", () => {
    renderDetails({ timeslot: null, more: [["Estado", <span key="state">Confirmada</span>]] });
    expect(rows()).toEqual([
      ["Evento", "Casting de otoño"],
      ["Fecha", "05/03/26"],
      ["Horario", "—"],
      ["Lugar", "Av. Corrientes 1234"],
      ["Estado", "Confirmada"],
    ]);
  });

  it("speaks English when English was chosen", () => {
    localStorage.setItem("language", "en");
    renderDetails();
    expect(rows()[0]?.[0]).toBe("Event");
    expect(rows()[1]?.[1]).toBe("Mar 5, 2026");
  });
});
