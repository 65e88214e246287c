import type { Agency } from "@common/schemas/agency";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, renderRoutes } from "@web/test/render-route";
import { sessionReply } from "@web/test/session";
import { AgencyPage } from "./agency-page";

const agency: Agency = { name: "OpenCall", contactEmail: "contacto@agency.test", website: null, logoUrl: null };

afterEach(() => vi.restoreAllMocks());

describe("the agency's screen (issue 32)", () => {
  it("saves the name, contact, web site and a logo, shows the server's message on a field, and can remove the logo", async () => {
    const sent: unknown[] = [];
    mockFetch({
      "GET /api/session": () => sessionReply("superadmin"),
      "GET /api/public/agency": () => ({ status: 200, body: agency }),
      "PUT /api/settings/agency": (body) => {
        sent.push(body);
        if (sent.length === 1)
          return {
            status: 400,
            body: {
              error: {
                code: "validation_failed",
                message: "Revisá los campos",
                fields: { website: "Escribí una dirección completa." },
              },
            },
          };
        return {
          status: 200,
          body: { ...agency, name: "Estudio Sur", logoUrl: `/api/public/agency/logo/${"b".repeat(64)}.png` },
        };
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: "/dashboard/admin/agency", element: <AgencyPage /> }], "/dashboard/admin/agency");

    const name = await screen.findByLabelText("Nombre de la agencia");
    await user.clear(name);
    await user.type(name, "Estudio Sur");
    await user.type(screen.getByLabelText("Sitio web (opcional)"), "estudiosur");
    const file = new File([new Uint8Array([137, 80, 78, 71])], "logo.png", { type: "image/png" });
    await user.upload(screen.getByLabelText("Logo"), file);
    expect(await screen.findByRole("img", { name: "Vista previa del logo" })).toHaveAttribute(
      "src",
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Escribí una dirección completa.")).toBeInTheDocument();
    expect(screen.getByLabelText("Sitio web (opcional)")).toHaveAttribute("aria-invalid", "true");
    expect(sent[0]).toMatchObject({
      name: "Estudio Sur",
      contactEmail: "contacto@agency.test",
      website: "estudiosur",
      logo: expect.stringMatching(/^data:image\/png;base64,/),
    });

    await user.clear(screen.getByLabelText("Sitio web (opcional)"));
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(await screen.findByRole("img", { name: "Vista previa del logo" })).toHaveAttribute(
      "src",
      `/api/public/agency/logo/${"b".repeat(64)}.png`,
    );

    await user.click(screen.getByRole("button", { name: "Quitar el logo" }));
    expect(screen.getByText("Sin logo")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).toMatchObject({ logo: null });
  });

  it("refuses a file that is not an image before sending anything", async () => {
    mockFetch({
      "GET /api/session": () => sessionReply("superadmin"),
      "GET /api/public/agency": () => ({ status: 200, body: agency }),
    });
    const user = userEvent.setup({ applyAccept: false });
    renderRoutes([{ path: "/a", element: <AgencyPage /> }], "/a");
    await user.upload(await screen.findByLabelText("Logo"), new File(["x"], "logo.gif", { type: "image/gif" }));
    expect(await screen.findByText("El logo tiene que ser una imagen PNG, JPEG o WebP.")).toBeInTheDocument();
  });

  it("tells an admin the screen is the superadmin's", async () => {
    mockFetch({
      "GET /api/session": () => sessionReply("admin"),
      "GET /api/public/agency": () => ({ status: 200, body: agency }),
    });
    renderRoutes([{ path: "/a", element: <AgencyPage /> }], "/a");
    expect(await screen.findByText("No tenés permiso para hacer esto.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Nombre de la agencia")).not.toBeInTheDocument();
  });
});
