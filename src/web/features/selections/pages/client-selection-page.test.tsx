/**
 * The client's page (issue 36): the grid of people, a person's detail (photos, measurements), a
 * favourite and a note saved; a link with a password asks it first; a link gone says so.
 */
import type { ClientSelection } from "@common/schemas/selections";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, renderRoutes } from "@web/test/render-route";
import { ClientSelectionPage } from "./client-selection-page";

const TOKEN = "a".repeat(43);
const BASE = `/api/public/shares/${TOKEN}`;
const member = (id: string, firstName: string, overrides: Partial<ClientSelection["members"][number]> = {}) => ({
  id,
  firstName,
  age: 22,
  height: 176,
  bust: 84,
  waist: 61,
  hips: 90,
  location: "Rosario",
  photos: [
    {
      id: `${id.slice(0, -1)}f`,
      kind: "face" as const,
      url: `${BASE}/photos/${id}/p`,
      thumbUrl: `${BASE}/photos/${id}/p?size=thumb`,
    },
  ],
  favourite: false,
  note: null,
  ...overrides,
});
const SELECTION: ClientSelection = {
  agency: { name: "Agencia Sur" },
  name: "Marca X, verano",
  clientName: "Marca X",
  expiresAt: "2031-04-12T02:59:59.000Z",
  members: [member("11111111-1111-4111-8111-111111111111", "Martina"), member("22222222-2222-4222-8222-222222222222", "Lola")],
};

const renderPage = () => renderRoutes([{ path: "/shared/:token", element: <ClientSelectionPage /> }], `/shared/${TOKEN}`);

afterEach(() => vi.restoreAllMocks());

describe("the client's selection page", () => {
  it("shows the grid, opens a person's detail, saves a favourite and a note", async () => {
    const puts: unknown[] = [];
    mockFetch({
      [`GET ${BASE}`]: () => ({ status: 200, body: SELECTION }),
      [`PUT ${BASE}/members/${SELECTION.members[0]!.id}`]: (body) => {
        puts.push(body);
        const change = body as { favourite?: boolean; note?: string };
        return {
          status: 200,
          body: { memberId: SELECTION.members[0]!.id, favourite: change.favourite ?? true, note: change.note ?? null },
        };
      },
    });
    renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Marca X, verano" })).toBeInTheDocument();
    expect(screen.getByText("Selección de Agencia Sur para Marca X")).toBeInTheDocument();
    const people = screen.getByRole("list", { name: "Personas de la selección" });
    expect(
      within(people)
        .getAllByRole("article")
        .map((card) => within(card).getByRole("heading").textContent),
    ).toEqual(["Martina", "Lola"]);
    expect(within(people).getByRole("img", { name: "Foto de Martina" })).toHaveAttribute(
      "src",
      SELECTION.members[0]!.photos[0]!.thumbUrl,
    );

    const favourite = screen.getByRole("button", { name: "Favorito: Martina" });
    expect(favourite).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(favourite);
    expect(await screen.findByRole("button", { name: "Favorito: Martina", pressed: true })).toBeInTheDocument();
    expect(screen.getByText("1 favorito")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Ver detalle de Martina" }));
    const heading = await screen.findByRole("heading", { level: 2, name: "Martina" });
    expect(heading).toHaveFocus();
    expect(screen.getByRole("img", { name: "Martina: Foto de frente" })).toHaveAttribute(
      "src",
      SELECTION.members[0]!.photos[0]!.url,
    );
    const facts = screen.getByText("Cadera").closest("dl")!;
    expect(within(facts).getByText("90 cm")).toBeInTheDocument();
    expect(within(facts).getByText("Rosario")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Tu nota sobre Martina"), "Ideal para la campaña");
    await userEvent.click(screen.getByRole("button", { name: "Guardar nota" }));
    expect(await screen.findByText("Nota guardada.")).toBeInTheDocument();
    expect(puts).toEqual([{ favourite: true }, { note: "Ideal para la campaña" }]);

    await userEvent.click(screen.getByRole("button", { name: "Volver a la selección" }));
    expect(await screen.findByRole("button", { name: "Ver detalle de Martina" })).toHaveFocus();
    expect(screen.getByText("Tu nota: Ideal para la campaña")).toBeInTheDocument();
  });

  it("asks the password of a locked link, and opens it once given", async () => {
    let unlocked = false;
    const tries: unknown[] = [];
    mockFetch({
      [`GET ${BASE}`]: () =>
        unlocked
          ? { status: 200, body: SELECTION }
          : { status: 401, body: { error: { code: "share_locked", message: "Esta selección pide una contraseña." } } },
      [`POST ${BASE}/unlock`]: (body) => {
        tries.push(body);
        if ((body as { password: string }).password !== "verano-2031")
          return { status: 401, body: { error: { code: "share_password_wrong", message: "La contraseña no es correcta." } } };
        unlocked = true;
        return { status: 204 };
      },
    });
    renderPage();
    const password = await screen.findByLabelText("Contraseña");
    await userEvent.type(password, "invierno");
    await userEvent.click(screen.getByRole("button", { name: "Abrir" }));
    expect(await screen.findByText("La contraseña no es correcta.")).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, "verano-2031");
    await userEvent.click(screen.getByRole("button", { name: "Abrir" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Marca X, verano" })).toBeInTheDocument();
    expect(tries).toEqual([{ password: "invierno" }, { password: "verano-2031" }]);
  });

  it("says so when the link does not exist, expired or was revoked", async () => {
    mockFetch({
      [`GET ${BASE}`]: () => ({ status: 404, body: { error: { code: "share_not_found", message: "…" } } }),
    });
    renderPage();
    expect(await screen.findByRole("heading", { name: "Este enlace no existe, venció o fue revocado." })).toBeInTheDocument();
  });
});
