import type { Role } from "@common/permissions";
import type { ApiToken } from "@common/schemas/tokens";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, renderRoutes } from "@web/test/render-route";
import { sessionReply } from "@web/test/session";
import { TokensPage } from "./tokens-page";

const token = (overrides: Partial<ApiToken> = {}): ApiToken => ({
  id: "7f1c1a52-5d1e-4a53-9a43-3f0b5a1f0001",
  name: "Planilla",
  permissions: ["events.read", "registrations.read"],
  expiresAt: null,
  lastUsedAt: null,
  createdAt: "2026-11-20T13:00:00.000Z",
  createdBy: { id: "u1", name: "Ana" },
  ...overrides,
});

function renderPage() {
  return renderRoutes(
    [
      {
        path: "/t",
        element: (
          <>
            <TokensPage />
            <Toaster />
          </>
        ),
      },
    ],
    "/t",
  );
}

/** The session, the list (each GET answers the next of `lists`, the last one again), and `more` routes. */
function serve(role: Role, lists: ApiToken[][], more: Parameters<typeof mockFetch>[0] = {}) {
  let gets = 0;
  const fetchMock = mockFetch({
    "GET /api/session": () => sessionReply(role),
    "GET /api/tokens": () => ({ status: 200, body: { items: lists[Math.min(gets++, lists.length - 1)] } }),
    ...more,
  });
  return { fetchMock, gets: () => gets };
}

const permissionsGroup = () => screen.getByRole("group", { name: "Permisos" });

afterEach(() => vi.restoreAllMocks());

describe("the API tokens' screen (issue 37)", () => {
  it("lists the tokens, with «Nunca» for no expiry and no use", async () => {
    serve("admin", [
      [
        token(),
        token({
          id: "7f1c1a52-5d1e-4a53-9a43-3f0b5a1f0002",
          name: "CRM",
          permissions: ["events.read"],
          lastUsedAt: "2026-11-25T18:30:00.000Z",
        }),
      ],
    ]);
    renderPage();
    const table = await screen.findByRole("table", { name: "Tokens" });
    const row = within(table).getByRole("row", { name: /Planilla/ });
    expect(within(row).getAllByText("Nunca")).toHaveLength(2);
    expect(within(row).getByText("2 permisos")).toBeInTheDocument();
    expect(
      within(row).getByText(
        "Ver los eventos y sus horarios · Ver los registros, sus etiquetas, su etapa y el promedio del panel",
      ),
    ).toBeInTheDocument();
    expect(within(row).getByText("por Ana")).toBeInTheDocument();
    const crm = within(table).getByRole("row", { name: /CRM/ });
    expect(within(crm).getByText("1 permiso")).toBeInTheDocument();
    expect(within(crm).getAllByText("Nunca")).toHaveLength(1);
    expect(screen.getByRole("region", { name: /Tabla de tokens/ })).toHaveAttribute("tabindex", "0");
  });

  it("creates a token with the permissions chosen and the expiry at the day's end, shows it once, and refreshes the list", async () => {
    const sent: unknown[] = [];
    const made = token({
      id: "7f1c1a52-5d1e-4a53-9a43-3f0b5a1f0003",
      name: "Integración CRM",
      expiresAt: "2026-12-31T23:59:59-03:00",
    });
    serve("admin", [[], [made]], {
      "POST /api/tokens": (body) => {
        sent.push(body);
        return { status: 201, body: { ...made, token: "oc_secret123" } };
      },
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText("Todavía no hay tokens.")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Nombre"), "Integración CRM");
    await user.click(
      within(permissionsGroup()).getByLabelText("Ver los registros, sus etiquetas, su etapa y el promedio del panel"),
    );
    await user.click(within(permissionsGroup()).getByLabelText("Ver los eventos y sus horarios"));
    fireEvent.change(screen.getByLabelText("Vence (opcional)"), { target: { value: "2026-12-31" } });
    await user.click(screen.getByRole("button", { name: "Crear token" }));

    const field = await screen.findByLabelText("Token");
    expect(field).toHaveValue("oc_secret123");
    expect(field).toHaveAttribute("readonly");
    expect(sent).toEqual([
      { name: "Integración CRM", permissions: ["events.read", "registrations.read"], expiresAt: "2026-12-31T23:59:59-03:00" },
    ]);
    const panel = screen.getByRole("status");
    expect(within(panel).getByText("Copialo ahora: por seguridad no se vuelve a mostrar.")).toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Copiar" }));
    expect(await within(panel).findByText("Copiado")).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe("oc_secret123");

    // The list refreshed, without the secret; the form is empty again.
    expect(await screen.findByRole("row", { name: /Integración CRM/ })).toBeInTheDocument();
    expect(screen.getByLabelText("Nombre")).toHaveValue("");

    await user.click(within(panel).getByRole("button", { name: "Listo" }));
    expect(screen.queryByLabelText("Token")).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Nombre")).toHaveFocus());
    expect(screen.queryByText("oc_secret123")).not.toBeInTheDocument();
  });

  it("shows the server's field errors on their fields and moves focus to the first", async () => {
    serve("admin", [[]], {
      "POST /api/tokens": () => ({
        status: 403,
        body: {
          error: {
            code: "token_permission_not_held",
            message: "Revisá los campos",
            fields: { permissions: "No podés dar un permiso que tu cuenta no tiene: events.read." },
          },
        },
      }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText("Nombre"), "CRM");
    const events = within(permissionsGroup()).getByLabelText("Ver los eventos y sus horarios");
    await user.click(events);
    await user.click(screen.getByRole("button", { name: "Crear token" }));
    expect(await screen.findByText("No podés dar un permiso que tu cuenta no tiene: events.read.")).toBeInTheDocument();
    expect(permissionsGroup()).toHaveAccessibleDescription(
      "Solo podés dar permisos que tu cuenta tiene. No podés dar un permiso que tu cuenta no tiene: events.read.",
    );
    await waitFor(() => expect(within(permissionsGroup()).getAllByRole("checkbox")[0]).toHaveFocus());
    expect(screen.getByLabelText("Nombre")).not.toHaveAttribute("aria-invalid");
  });

  it("refuses, before sending, a token without a name or a permission", async () => {
    const { fetchMock } = serve("admin", [[]]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText("Todavía no hay tokens.");
    await user.click(screen.getByRole("button", { name: "Crear token" }));
    expect(await screen.findByText("El nombre del token es obligatorio.")).toBeInTheDocument();
    expect(screen.getByText("Elegí al menos un permiso.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Nombre")).toHaveFocus());
    expect(screen.getByLabelText("Nombre")).toHaveAttribute("aria-invalid", "true");

    await user.type(screen.getByLabelText("Nombre"), "CRM");
    await user.click(screen.getByRole("button", { name: "Crear token" }));
    await waitFor(() => expect(within(permissionsGroup()).getAllByRole("checkbox")[0]).toHaveFocus());
    expect(screen.queryByText("El nombre del token es obligatorio.")).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "POST")).toEqual([]);
  });

  it("revokes a token after asking, and refreshes the list", async () => {
    const deleted: string[] = [];
    const { gets } = serve("admin", [[token()], []], {
      [`DELETE /api/tokens/${token().id}`]: () => {
        deleted.push(token().id);
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Revocar el token Planilla" }));
    const dialog = await screen.findByRole("dialog", { name: "¿Revocar el token «Planilla»?" });
    expect(within(dialog).getByText(/Deja de funcionar en el acto/)).toBeInTheDocument();
    expect(deleted).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Revocar token" }));
    expect(await screen.findByText("Revocamos el token «Planilla».")).toBeInTheDocument();
    expect(deleted).toEqual([token().id]);
    expect(await screen.findByText("Todavía no hay tokens.")).toBeInTheDocument();
    expect(gets()).toBe(2);
    expect(screen.getByRole("heading", { name: "Tokens" })).toHaveFocus();
  });

  it("offers only the capabilities the signed-in account holds, never tokens.manage", async () => {
    serve("admin", [[]]);
    const { unmount } = renderPage();
    await screen.findByText("Todavía no hay tokens.");
    const offered = within(permissionsGroup());
    expect(offered.getByLabelText("Ver los eventos y sus horarios")).toBeInTheDocument();
    // audit.read and agency.manage are the superadmin's.
    expect(offered.queryByLabelText("Ver la auditoría")).not.toBeInTheDocument();
    expect(offered.queryByLabelText("Administrar los datos de la agencia")).not.toBeInTheDocument();
    expect(offered.queryByLabelText("Crear, ver y revocar tokens de API")).not.toBeInTheDocument();
    unmount();
    vi.restoreAllMocks();

    serve("superadmin", [[]]);
    renderPage();
    await screen.findByText("Todavía no hay tokens.");
    expect(within(permissionsGroup()).getByLabelText("Ver la auditoría")).toBeInTheDocument();
    expect(within(permissionsGroup()).queryByLabelText("Crear, ver y revocar tokens de API")).not.toBeInTheDocument();
  });
});
