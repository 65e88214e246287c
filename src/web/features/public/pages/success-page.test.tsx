import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SuccessPage } from "./success-page";

function answer(status: number, body: unknown) {
  vi.spyOn(globalThis, "fetch").mockResolvedValue(
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );
}

afterEach(() => vi.restoreAllMocks());

describe("success page", () => {
  it("shows the completed registration and its code for a valid token", async () => {
    answer(200, { registrationCode: "AB12CD34", email: "valentina@example.com" });
    render(<SuccessPage search="?e=valid" />);
    expect(await screen.findByTestId("registration-code")).toHaveTextContent("AB12CD34");
    expect(screen.getByRole("heading", { name: "¡Registro completado!" })).toBeInTheDocument();
    expect(screen.queryByText(/No encontramos este registro/)).not.toBeInTheDocument();
  });

  it("shows only the error, never the success, for an unknown token", async () => {
    answer(404, { error: { code: "invalid_token", message: "not found" } });
    render(<SuccessPage search="?e=unknown" />);
    expect(await screen.findByText(/No encontramos este registro/)).toBeInTheDocument();
    expect(screen.queryByText("¡Registro completado!")).not.toBeInTheDocument();
    expect(screen.queryByText(/Te enviamos un correo electrónico/)).not.toBeInTheDocument();
  });

  it("claims nothing while the token is being checked", () => {
    vi.spyOn(globalThis, "fetch").mockReturnValue(new Promise(() => {}));
    render(<SuccessPage search="?e=pending" />);
    expect(screen.getByRole("status")).toHaveTextContent("Cargando registro...");
    expect(screen.queryByText("¡Registro completado!")).not.toBeInTheDocument();
  });
});
