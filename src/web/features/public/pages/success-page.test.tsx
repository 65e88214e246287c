import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LanguageProvider } from "@web/lib/language";
import { SuccessPage } from "./success-page";

const CONTACT = "casting@agencia.test";

/** The success reply (status, body) and the agency's contact address (/api/public/agency; "" for none). */
function answer(status: number, body: unknown, contactEmail: string | null = CONTACT) {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const agency = { name: "Agencia Sur", contactEmail: contactEmail ?? "", website: null, logoUrl: null };
    const [code, reply] = String(input).includes("/api/public/agency") ? [200, agency] : [status, body];
    return new Response(JSON.stringify(reply), { status: code, headers: { "content-type": "application/json" } });
  });
}

function renderPage(search: string, language = "es-AR") {
  localStorage.setItem("language", language);
  render(
    <LanguageProvider>
      <SuccessPage search={search} />
    </LanguageProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("success page", () => {
  it("shows the completed registration and its code for a valid token", async () => {
    answer(200, { registrationCode: "AB12CD34", email: "valentina@example.com" });
    renderPage("?e=valid");
    expect(await screen.findByTestId("registration-code")).toHaveTextContent("AB12CD34");
    expect(screen.getByRole("heading", { name: "¡Registro completado!" })).toBeInTheDocument();
    expect(screen.queryByText(/No encontramos este registro/)).not.toBeInTheDocument();
  });

  it("shows only the error, never the success, for an unknown token", async () => {
    answer(404, { error: { code: "invalid_token", message: "not found" } });
    renderPage("?e=unknown");
    expect(await screen.findByText(/No encontramos este registro/)).toBeInTheDocument();
    expect(screen.queryByText("¡Registro completado!")).not.toBeInTheDocument();
    expect(screen.queryByText(/Te enviamos un correo/)).not.toBeInTheDocument();
  });

  it("claims nothing while the token is being checked", () => {
    vi.spyOn(globalThis, "fetch").mockReturnValue(new Promise(() => {}));
    renderPage("?e=pending");
    expect(screen.getByRole("status")).toHaveTextContent("Cargando registro...");
    expect(screen.queryByText("¡Registro completado!")).not.toBeInTheDocument();
  });
});

// Issue 32: the success page showed no address the e-mail went to and nothing to do next.
describe("success page: where the e-mail went and what comes next", () => {
  it("names the address the confirmation went to, and the steps: verify, the sheet, the manage link", async () => {
    answer(200, { registrationCode: "OC-3DHEMC", email: "valentina@example.com" });
    renderPage("?e=valid");
    expect(await screen.findByTestId("success-note")).toHaveTextContent(
      "Te enviamos un correo a valentina@example.com para confirmar tu registro. Revisá tu bandeja de entrada y también la carpeta de spam.",
    );
    const next = screen.getByRole("region", { name: "Qué sigue" });
    const steps = within(next)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(steps).toEqual([
      "Abrí el correo y tocá «Verificar mi correo» para confirmar que la dirección es tuya.",
      expect.stringMatching(/^Después vas a poder descargar tu ficha en PDF con un código QR\./),
      expect.stringMatching(/«Gestionar mi inscripción»/),
    ]);
    expect(within(next).getByText(/¿El correo está mal escrito o no llega\?/)).toBeInTheDocument();
  });

  it("offers to write to the agency, the code in the subject, when the address is wrong", async () => {
    answer(200, { registrationCode: "OC-3DHEMC", email: "valentina@exmaple.com" });
    renderPage("?e=valid");
    const write = await screen.findByRole("link", { name: `Escribir a ${CONTACT}` });
    expect(write).toHaveAttribute("href", `mailto:${CONTACT}?subject=Mi%20registro%20OC-3DHEMC`);
  });

  it("in English too", async () => {
    answer(200, { registrationCode: "OC-3DHEMC", email: "valentina@example.com" });
    renderPage("?e=valid", "en");
    expect(await screen.findByTestId("success-note")).toHaveTextContent(
      "We sent an email to valentina@example.com to confirm your registration.",
    );
    expect(screen.getByRole("region", { name: "What's next" })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: `Write to ${CONTACT}` })).toHaveAttribute(
      "href",
      `mailto:${CONTACT}?subject=My%20registration%20OC-3DHEMC`,
    );
  });

  it("when the e-mail could not be sent, says the registration is kept and how to get the e-mail", async () => {
    answer(200, { registrationCode: "OC-3DHEMC", email: "valentina@example.com" });
    renderPage("?e=valid&mail=failed");
    const notice = (await screen.findByText("Registro enviado, pero falló el envío del email de verificación.")).closest(
      "[role=alert]",
    ) as HTMLElement;
    expect(within(notice).getByText(/Tu registro quedó guardado con este código\./)).toBeInTheDocument();
    expect(await within(notice).findByRole("link", { name: `Escribir a ${CONTACT}` })).toHaveAttribute(
      "href",
      `mailto:${CONTACT}?subject=Mi%20registro%20OC-3DHEMC`,
    );
    // It does not tell the person to look for an e-mail that was never sent.
    expect(screen.queryByText(/Te enviamos un correo/)).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Qué sigue" })).not.toBeInTheDocument();
  });

  it("an unknown link leads somewhere: the agency, the start", async () => {
    answer(404, { error: { code: "invalid_token", message: "not found" } });
    renderPage("?e=unknown");
    expect(await screen.findByText(/Si el enlace llegó cortado/)).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: `Escribir a ${CONTACT}` })).toHaveAttribute("href", `mailto:${CONTACT}`);
    expect(screen.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/");
  });
});
