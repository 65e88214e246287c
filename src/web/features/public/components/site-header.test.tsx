import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { LanguageProvider } from "@web/lib/language";
import { ThemeProvider } from "@web/lib/theme";
import { SiteFooter } from "./site-footer";
import { SiteHeader, type SiteFrame } from "./site-header";

const AGENCY = { name: "Agencia Sur", contactEmail: "hola@agencia.test", website: null, logoUrl: null };

function renderFrame(frame: SiteFrame, { agency = null as typeof AGENCY | null, contactEmail = null as string | null } = {}) {
  render(
    <ThemeProvider>
      <LanguageProvider>
        <SiteHeader frame={frame} agency={agency}>
          {frame === "wide" ? <a href="/login">Iniciar Sesión</a> : null}
        </SiteHeader>
        <main id="main" />
        <SiteFooter frame={frame} contactEmail={contactEmail} />
      </LanguageProvider>
    </ThemeProvider>,
  );
}

describe("the site header", () => {
  it("in the visitor frame names the agency in its home link, with the language switch and the theme toggle", () => {
    renderFrame("visitor", { agency: AGENCY });
    const header = screen.getByRole("banner");
    expect(within(header).getByRole("link", { name: "Agencia Sur, inicio" })).toHaveAttribute("href", "/");
    expect(within(header).getByText("Agencia Sur")).toBeInTheDocument();
    expect(within(header).getByRole("button", { name: "English" })).toBeInTheDocument();
    expect(within(header).getByRole("button", { name: "Cambiar a tema oscuro" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Saltar al contenido" })).not.toBeInTheDocument();
  });

  it("shows the product's mark while the agency is not known", () => {
    renderFrame("visitor");
    expect(within(screen.getByRole("banner")).getByRole("link", { name: "OpenCall, inicio" })).toHaveTextContent("OpenCall");
  });

  it("in the wide frame has the skip link, the product's mark and the shell's actions in its navigation", () => {
    renderFrame("wide", { agency: AGENCY });
    expect(screen.getByRole("link", { name: "Saltar al contenido" })).toHaveAttribute("href", "#main");
    const header = screen.getByRole("banner");
    expect(within(header).getByRole("link", { name: "OpenCall, inicio" })).toHaveAttribute("href", "/");
    const nav = within(header).getByRole("navigation", { name: "Principal" });
    expect(within(nav).getByRole("button", { name: "English" })).toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "Iniciar Sesión" })).toHaveAttribute("href", "/login");
  });

  it("switches the language of the whole frame", async () => {
    renderFrame("wide", { contactEmail: "hola@agencia.test" });
    await userEvent.click(screen.getByRole("button", { name: "English" }));
    expect(await screen.findByRole("button", { name: "Español" })).toBeInTheDocument();
    expect(within(screen.getByRole("contentinfo")).getByRole("link", { name: "Privacy" })).toBeInTheDocument();
  });
});

describe("the site footer", () => {
  it("in the visitor frame: the year and rights, the privacy notice and the agency's address", () => {
    renderFrame("visitor", { contactEmail: "hola@agencia.test" });
    const footer = screen.getByRole("contentinfo");
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} OpenCall. Todos los derechos reservados.`);
    expect(within(footer).getByRole("link", { name: "Privacidad" })).toHaveAttribute("href", "/privacy");
    expect(within(footer).getByRole("link", { name: "hola@agencia.test" })).toHaveAttribute("href", "mailto:hola@agencia.test");
    expect(within(footer).queryByRole("link", { name: "Para agencias" })).not.toBeInTheDocument();
  });

  it("in the wide frame adds the agencies' page, and leaves the contact line out without an address", () => {
    renderFrame("wide");
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: "Para agencias" })).toHaveAttribute("href", "/landing");
    expect(within(footer).getByRole("link", { name: "Privacidad" })).toHaveAttribute("href", "/privacy");
    expect(footer).not.toHaveTextContent("Contacto:");
  });
});
