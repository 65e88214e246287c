/**
 * A selection's screen (issue 36): its people in order with what each client marked, moved and
 * saved as a whole; a link made for a client and shown once; a link revoked after asking. And
 * «Agregar a selección» from the registrations list, refused for people without the consent.
 */
import type { Selection } from "@common/schemas/selections";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, renderRoutes } from "@web/test/render-route";
import { AddToSelectionButton } from "../components/add-to-selection";
import { SelectionPage } from "./selection-page";

const ID = "5a5a5a5a-5a5a-4a5a-8a5a-5a5a5a5a5a5a";
const SHARE = "6b6b6b6b-6b6b-4b6b-8b6b-6b6b6b6b6b6b";
const person = (n: number, fullName: string) => ({
  id: `1111111${n}-1111-4111-8111-111111111111`,
  registrationId: `2222222${n}-2222-4222-8222-222222222222`,
  position: n - 1,
  fullName,
  registrationCode: `OC-00${n}`,
  eventId: "33333333-3333-4333-8333-333333333333",
  eventName: "Casting de otoño",
  age: 21,
  location: "Rosario",
  photos: [],
});
const [martina, lola] = [person(1, "Martina Pérez"), person(2, "Lola Gómez")];
const SELECTION: Selection = {
  id: ID,
  name: "Marca X, verano",
  memberCount: 2,
  activeShareCount: 1,
  createdAt: "2031-04-01T12:00:00.000Z",
  updatedAt: "2031-04-01T12:00:00.000Z",
  createdBy: { id: "u1", name: "Ana" },
  members: [martina, lola],
  shares: [
    {
      id: SHARE,
      clientName: "Marca X",
      clientEmail: null,
      expiresAt: "2031-04-08T02:59:59.000Z",
      hasPassword: true,
      state: "active",
      revokedAt: null,
      lastOpenedAt: "2031-04-02T15:00:00.000Z",
      createdAt: "2031-04-01T12:00:00.000Z",
      picks: [{ memberId: martina.id, favourite: true, note: "Ideal para la campaña", updatedAt: "2031-04-02T15:01:00.000Z" }],
    },
  ],
};

afterEach(() => vi.restoreAllMocks());

describe("a selection's screen", () => {
  it("shows the clients' picks, moves a person and saves the whole order", async () => {
    const puts: unknown[] = [];
    mockFetch({
      [`GET /api/selections/${ID}`]: () => ({ status: 200, body: SELECTION }),
      [`PUT /api/selections/${ID}/members`]: (body) => {
        puts.push(body);
        return {
          status: 200,
          body: {
            ...SELECTION,
            members: [
              { ...lola, position: 0 },
              { ...martina, position: 1 },
            ],
          },
        };
      },
      "GET /api/selections": () => ({ status: 200, body: { items: [] } }),
    });
    renderRoutes([{ path: "/s/:selectionId", element: <SelectionPage /> }], `/s/${ID}`);
    const members = await screen.findByTestId("selection-members");
    const first = within(members).getAllByTestId("selection-member")[0]!;
    expect(within(first).getByText("1. Martina Pérez")).toBeInTheDocument();
    expect(within(first).getByText("Favorito de Marca X")).toBeInTheDocument();
    expect(within(first).getByText(/Nota de Marca X: «Ideal para la campaña»/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Subir a Martina Pérez" })).toBeDisabled();

    await userEvent.click(screen.getByRole("button", { name: "Bajar a Martina Pérez" }));
    expect(await screen.findByText("1. Lola Gómez")).toBeInTheDocument();
    expect(puts).toEqual([{ registrationIds: [lola.registrationId, martina.registrationId] }]);

    const link = within(screen.getByTestId("selection-shares")).getByTestId("selection-share");
    expect(within(link).getByText("Activo")).toBeInTheDocument();
    expect(within(link).getByText("Con contraseña")).toBeInTheDocument();
    expect(within(link).getByText("1 favorito, 1 nota")).toBeInTheDocument();
  });

  it("makes a link for a client, shows it once, and revokes one after asking", async () => {
    const posts: Array<Record<string, unknown>> = [];
    let revoked = false;
    const url = `http://localhost:3000/shared/${"t".repeat(43)}`;
    mockFetch({
      [`GET /api/selections/${ID}`]: () => ({ status: 200, body: SELECTION }),
      [`POST /api/selections/${ID}/shares`]: (body) => {
        posts.push(body as Record<string, unknown>);
        return { status: 201, body: { id: "7c7c7c7c-7c7c-4c7c-8c7c-7c7c7c7c7c7c", url } };
      },
      [`DELETE /api/shares/${SHARE}`]: () => {
        revoked = true;
        return { status: 204 };
      },
      "GET /api/selections": () => ({ status: 200, body: { items: [] } }),
    });
    renderRoutes([{ path: "/s/:selectionId", element: <SelectionPage /> }], `/s/${ID}`);
    await userEvent.click(await screen.findByRole("button", { name: "Crear enlace" }));
    expect(await screen.findByText("Escribí para quién es (la marca, el fotógrafo).")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Cliente"), "Estudio Sur");
    await userEvent.type(screen.getByLabelText("Contraseña (opcional)"), "verano-2031");
    await userEvent.click(screen.getByRole("button", { name: "Crear enlace" }));
    const field = await screen.findByLabelText("Enlace");
    expect(field).toHaveValue(url);
    expect(field).toHaveFocus();
    expect(posts).toEqual([
      expect.objectContaining({
        clientName: "Estudio Sur",
        password: "verano-2031",
        expiresAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      }),
    ]);
    await userEvent.click(screen.getByRole("button", { name: "Listo" }));
    expect(screen.queryByLabelText("Enlace")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Revocar" }));
    const dialog = await screen.findByRole("alertdialog", { name: "¿Revocar el enlace de Marca X?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Revocar enlace" }));
    await vi.waitFor(() => expect(revoked).toBe(true));
  });
});

describe("«Agregar a selección»", () => {
  it("adds the chosen people after those already in, and names who did not agree to be shown", async () => {
    const puts: unknown[] = [];
    let refuse = true;
    const newcomer = "44444444-4444-4444-8444-444444444444";
    mockFetch({
      "GET /api/selections": () => ({ status: 200, body: { items: [SELECTION] } }),
      [`GET /api/selections/${ID}`]: () => ({ status: 200, body: SELECTION }),
      [`PUT /api/selections/${ID}/members`]: (body) => {
        puts.push(body);
        if (refuse)
          return {
            status: 409,
            body: {
              error: {
                code: "consent_required",
                message: "No se puede mostrar a clientes: Zoe Díaz (OC-009).",
                fields: { [newcomer]: "Zoe Díaz (OC-009) no aceptó que la agencia muestre su perfil a clientes." },
              },
            },
          };
        return {
          status: 200,
          body: { ...SELECTION, members: [martina, lola, { ...person(3, "Zoe Díaz"), registrationId: newcomer }] },
        };
      },
    });
    const onAdded = vi.fn();
    renderRoutes(
      [
        {
          path: "/r",
          element: (
            <>
              <AddToSelectionButton registrationIds={[newcomer, martina.registrationId]} onAdded={onAdded} />
              <Toaster />
            </>
          ),
        },
      ],
      "/r",
    );
    await userEvent.click(screen.getByRole("button", { name: "Agregar a selección" }));
    const dialog = await screen.findByRole("dialog", { name: "Agregar a una selección" });
    await userEvent.selectOptions(
      within(dialog).getByLabelText("Selección"),
      await within(dialog).findByRole("option", { name: /Marca X, verano/ }),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Agregar" }));
    expect(
      await within(dialog).findByText("Zoe Díaz (OC-009) no aceptó que la agencia muestre su perfil a clientes."),
    ).toBeInTheDocument();
    expect(onAdded).not.toHaveBeenCalled();

    refuse = false;
    await userEvent.click(within(dialog).getByRole("button", { name: "Agregar" }));
    await vi.waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(puts).toEqual([
      { registrationIds: [martina.registrationId, lola.registrationId, newcomer] },
      { registrationIds: [martina.registrationId, lola.registrationId, newcomer] },
    ]);
    expect(await screen.findByText("Listo: «Marca X, verano» tiene 3 personas.")).toBeInTheDocument();
  });
});
