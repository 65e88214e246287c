import type { GuardianView } from "@common/schemas/privacy";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, renderRoutes } from "@web/test/render-route";
import { GuardianPage } from "./guardian-page";

const view: GuardianView = {
  guardianName: "Marta Madre",
  guardianStatus: "pending",
  registration: {
    fullName: "Lola Minor",
    registrationCode: "OC-7K3F9Q",
    dateOfBirth: "2010-01-01",
    consentClientSharing: false,
    eventName: "Casting Primavera",
    eventDate: "2031-04-12",
    location: "Av. Santa Fe 3200, CABA",
    startTime: "14:00",
    endTime: "15:30",
  },
  notice: {
    version: 3,
    textEs: "Guardamos tus datos 12 meses.",
    textEn: "We keep your data 12 months.",
    publishedAt: "2031-01-01T00:00:00.000Z",
  },
  agency: {
    name: "Estudio Sur Modelos",
    contactEmail: "casting@estudiosur.test",
    website: "https://estudiosur.test",
    logoUrl: `/api/public/agency/logo/${"a".repeat(64)}.png`,
  },
};

afterEach(() => vi.restoreAllMocks());

// Issue 32: the page said "de la agencia", never which one, and its privacy text spoke to the minor.
describe("the guardian's page", () => {
  it("says who asks (the agency, its contact), for what, when (24-hour) and where, and speaks to the guardian", async () => {
    mockFetch({ "GET /api/public/guardian": () => ({ status: 200, body: view }) });
    renderRoutes([{ path: "/guardian", element: <GuardianPage /> }], "/guardian?t=token");

    expect(
      await screen.findByText(
        "Lola Minor se inscribió a un casting de Estudio Sur Modelos y, por tener menos de 18 años, necesita tu autorización.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sitio web de Estudio Sur Modelos" })).toHaveAttribute(
      "href",
      "https://estudiosur.test",
    );
    const details = screen.getAllByRole("definition")[0]!.closest("dl")!;
    const rows = Object.fromEntries(
      within(details)
        .getAllByRole("term")
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(rows).toMatchObject({
      Agencia: "Estudio Sur Modelos",
      Evento: "Casting Primavera",
      "Inscripción de": "Lola Minor",
      Horario: "14:00 - 15:30",
      Lugar: "Av. Santa Fe 3200, CABA",
    });
    expect(rows.Fecha).toContain("2031");
    expect(screen.getByRole("link", { name: "casting@estudiosur.test" })).toHaveAttribute(
      "href",
      "mailto:casting@estudiosur.test",
    );
    expect(
      screen.getByText(
        /Antes de decidir, leé cómo Estudio Sur Modelos va a tratar los datos de tu hijo\/a o la persona a tu cargo\./,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/de la agencia/)).not.toBeInTheDocument();
  });
});
