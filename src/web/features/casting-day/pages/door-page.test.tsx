import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, renderRoutes } from "@web/test/render-route";
import { passSessionReply } from "../casting-day.test-support";
import { DoorPage } from "./door-page";

function renderDoor(path: string) {
  return renderRoutes(
    [
      { path: "/door", element: <DoorPage /> },
      { path: "/dashboard/check-in", element: <p>the door's check-in screen</p> },
    ],
    path,
  );
}

const SECRET = "dp_0123456789abcdefghijklmnopqrstuvwxyz";

afterEach(() => vi.restoreAllMocks());

describe("a door pass's link (/door?p=…, issue 35)", () => {
  it("signs the phone in with the pass, keeps the secret out of the address, and opens the check-in screen", async () => {
    const sent: unknown[] = [];
    mockFetch({
      "GET /api/session": () => ({ status: 200, body: { user: null } }),
      "POST /api/door-passes/sign-in": (body) => {
        sent.push(body);
        return passSessionReply();
      },
    });
    const { router, queryClient } = renderDoor(`/door?p=${SECRET}`);
    expect(await screen.findByText("the door's check-in screen")).toBeInTheDocument();
    expect(sent).toEqual([{ token: SECRET }]);
    expect(router.state.location.pathname).toBe("/dashboard/check-in");
    expect(router.state.location.search).toBe("");
    expect(queryClient.getQueryData(["session"])).toMatchObject({ pass: { name: "Juli en la puerta" } });
  });

  it("says clearly that a wrong, expired or revoked pass does not work, and offers no retry", async () => {
    mockFetch({
      "GET /api/session": () => ({ status: 200, body: { user: null } }),
      "POST /api/door-passes/sign-in": () => ({
        status: 401,
        body: { error: { code: "door_pass_invalid", message: "Pase inválido." } },
      }),
    });
    const { router } = renderDoor(`/door?p=${SECRET}`);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("No se pudo entrar con este pase");
    expect(alert).toHaveTextContent(
      "El pase venció, fue revocado o el enlace está incompleto. Pedile uno nuevo a quien organiza el casting.",
    );
    expect(screen.queryByRole("button", { name: "Reintentar" })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe("");
  });

  it("tries again with the same pass when the network failed", async () => {
    let attempts = 0;
    mockFetch({
      "GET /api/session": () => ({ status: 200, body: { user: null } }),
      "POST /api/door-passes/sign-in": () => {
        attempts++;
        if (attempts === 1) throw new TypeError("Failed to fetch");
        return passSessionReply();
      },
    });
    const user = userEvent.setup();
    renderDoor(`/door?p=${SECRET}`);
    expect(await screen.findByRole("alert")).toHaveTextContent("No se pudo conectar con el servidor. Revisá tu conexión.");
    await user.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByText("the door's check-in screen")).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it("without a pass in the link says what to do, and after «Salir» says the phone left", async () => {
    mockFetch({ "GET /api/session": () => ({ status: 200, body: { user: null } }) });
    const { router } = renderDoor("/door");
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Falta el pase en el enlace. Abrí el enlace completo o escaneá de nuevo el código QR del pase.",
    );
    await router.navigate("/door", { state: { signedOut: true } });
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent(
        "Saliste del pase de puerta. Para volver a entrar, abrí el enlace o escaneá el código QR del pase.",
      ),
    );
  });
});
