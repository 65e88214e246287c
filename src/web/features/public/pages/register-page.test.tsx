import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LanguageProvider } from "@web/lib/language";
import { ThemeProvider } from "@web/lib/theme";
import { PublicShell } from "../components/public-shell";
import { RegisterPage } from "./register-page";

const EVENT = {
  id: "6f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f",
  eventName: "Autumn casting",
  eventDate: "2026-03-05",
  location: "Av. Corrientes 1234",
  description: "",
  timeslots: [
    {
      id: "7f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f",
      startTime: "10:00",
      endTime: "11:00",
      capacity: 20,
      availableSpots: 1,
      started: false,
    },
  ],
};

/** The agency's identity (GET /api/public/agency): its contact address is the way forward. */
const AGENCY = { name: "Agencia Sur", contactEmail: "hola@opencall.test", website: null, logoUrl: null };

afterEach(() => vi.restoreAllMocks());

function answerEvent() {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const body = String(input).includes("/api/public/agency") ? AGENCY : EVENT;
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  });
}

function renderPage() {
  render(
    <ThemeProvider>
      <LanguageProvider>
        <PublicShell>
          <RegisterPage eventId={EVENT.id} navigate={() => {}} />
        </PublicShell>
      </LanguageProvider>
    </ThemeProvider>,
  );
}

describe("the register page", () => {
  it("speaks English when English was chosen, with English dates and rule messages", async () => {
    localStorage.setItem("language", "en");
    answerEvent();
    renderPage();
    expect(await screen.findByRole("heading", { name: "Registration for Autumn casting" })).toBeInTheDocument();
    expect(screen.getByText("Mar 5, 2026")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Personal details" })).toBeInTheDocument();
    expect(screen.getByLabelText("Full name")).toBeInTheDocument();
    expect(screen.getByText("1 spot left")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Submit registration" }));
    expect(await screen.findByText(/There are \d+ fields to fix:/)).toBeInTheDocument();
    expect(screen.getAllByText(/This field is required\./).length).toBeGreaterThan(0);
    expect(document.documentElement.lang).toBe("en");
  }, 20_000);

  it("switches to Spanish with the header's switch, and remembers it", async () => {
    localStorage.setItem("language", "en");
    answerEvent();
    renderPage();
    await screen.findByRole("heading", { name: "Registration for Autumn casting" });
    const toSpanish = screen.getByRole("button", { name: "Español" });
    expect(toSpanish).toHaveAttribute("lang", "es-AR");
    await userEvent.click(toSpanish);
    expect(await screen.findByRole("heading", { name: "Registro para Autumn casting" })).toBeInTheDocument();
    expect(screen.getByText("05/03/26")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "English" })).toHaveAttribute("lang", "en");
    expect(localStorage.getItem("language")).toBe("es-AR");
  });

  // Issue 32: 'Evento no encontrado o inactivo' offered no next step.
  it("says why an event is not found and offers the agency's address and the start", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const [status, body] = String(input).includes("/api/public/agency")
        ? [200, AGENCY]
        : [404, { error: { code: "event_not_found", message: "Evento no encontrado o inactivo" } }];
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    });
    renderPage();
    expect(await screen.findByRole("heading", { name: "Evento no encontrado o inactivo" })).toBeInTheDocument();
    expect(screen.getByText(/Revisá el enlace que te compartieron o consultá a la agencia\./)).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Escribir a hola@opencall.test" })).toHaveAttribute(
      "href",
      "mailto:hola@opencall.test",
    );
    expect(screen.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/");
  });
});
