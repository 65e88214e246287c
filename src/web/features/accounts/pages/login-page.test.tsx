import { sessionUser } from "@web/test/session";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { LanguageProvider } from "@web/lib/language";
import { mockFetch, renderRoutes } from "@web/test/render-route";
import { LoginPage } from "./login-page";

const routes = [
  {
    path: "/login",
    element: (
      <LanguageProvider>
        <LoginPage />
      </LanguageProvider>
    ),
  },
  { path: "/", element: <p>home</p> },
];

async function submit(email = "ana@agency.test", password = "secret-password") {
  await userEvent.type(screen.getByLabelText("Email"), email);
  await userEvent.type(screen.getByLabelText("Password", { selector: "input" }), password);
  await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

// docs/product.md quotes the login page's texts in English: these tests read it in English.
describe("login page in English (docs/product.md §2, §8)", () => {
  beforeEach(() => localStorage.setItem("language", "en"));

  it("shows 'Signing in...' while busy, then goes to /", async () => {
    let answer: (v: { status: number; body: unknown }) => void = () => {};
    mockFetch({
      "POST /api/auth/sign-in/email": () => new Promise((resolve) => (answer = resolve)),
      "GET /api/session": () => ({
        status: 200,
        body: { user: sessionUser("admin", { id: "1", email: "ana@agency.test", fullName: "Ana", status: "approved" }) },
      }),
    });
    const { router } = renderRoutes(routes, "/login");
    await submit();
    expect(await screen.findByRole("button", { name: "Signing in..." })).toBeDisabled();
    answer({ status: 200, body: { token: "t" } });
    expect(await screen.findByText("home")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });

  it("shows the 'Login failed' box with the invalid-credentials text and the tips", async () => {
    mockFetch({
      "POST /api/auth/sign-in/email": () => ({ status: 401, body: { error: { code: "invalid_credentials", message: "x" } } }),
    });
    renderRoutes(routes, "/login");
    await submit();
    const box = await screen.findByRole("alert");
    expect(box).toHaveTextContent("Login failed");
    expect(box).toHaveTextContent(
      "The email or password you entered is incorrect. Please check your credentials and try again. Note: passwords are case-sensitive.",
    );
    expect(box).toHaveTextContent("Caps Lock");
  });

  it("shows the generic text for any other failure", async () => {
    mockFetch({
      "POST /api/auth/sign-in/email": () => ({ status: 500, body: { error: { code: "internal_error", message: "x" } } }),
    });
    renderRoutes(routes, "/login");
    await submit();
    expect(await screen.findByRole("alert")).toHaveTextContent("An error occurred while signing in. Please try again later.");
  });

  it("requires both fields and toggles the password's visibility", async () => {
    const fetch = mockFetch({});
    renderRoutes(routes, "/login");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Enter your e-mail address.")).toBeInTheDocument();
    expect(screen.getByText("Enter your password.")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    const password = screen.getByLabelText("Password", { selector: "input" });
    expect(password).toHaveAttribute("type", "password");
    await userEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    expect(screen.getByRole("button", { name: "Hide password" })).toHaveAttribute("aria-pressed", "true");
  });

  it("asks for the second factor when the account has two-factor sign-in", async () => {
    mockFetch({
      "POST /api/auth/sign-in/email": () => ({ status: 200, body: { twoFactorRedirect: true } }),
      "POST /api/auth/two-factor/verify-totp": (body) =>
        (body as { code: string }).code === "123456"
          ? { status: 200, body: { token: "t" } }
          : { status: 401, body: { error: { code: "invalid_code", message: "Invalid code" } } },
      "GET /api/session": () => ({
        status: 200,
        body: { user: sessionUser("admin", { id: "1", email: "ana@agency.test", fullName: "Ana", status: "approved" }) },
      }),
    });
    renderRoutes(routes, "/login");
    await submit();
    const code = await screen.findByLabelText("Verification code");
    await userEvent.type(code, "654321");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(/That code is not valid/)).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, "123456");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("home")).toBeInTheDocument();
  });

  it("links to the landing page for agencies", () => {
    mockFetch({});
    renderRoutes(routes, "/login");
    expect(screen.getByRole("link", { name: "Are you an agency or a business?" })).toHaveAttribute("href", "/landing");
  });

  it("redeems an e-mailed unlock link once and says sign-in is unlocked on this device", async () => {
    mockFetch({
      "POST /api/auth/unlock-sign-in": (body) =>
        (body as { token: string }).token === "good-token-0123456789abcdef"
          ? { status: 200, body: { unlocked: true } }
          : { status: 400, body: { error: { code: "invalid_token", message: "x" } } },
    });
    renderRoutes(routes, "/login?unlock=good-token-0123456789abcdef");
    expect(await screen.findByText("Sign-in is unlocked on this device. Sign in with your password.")).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("says so when the unlock link is not valid", async () => {
    mockFetch({
      "POST /api/auth/unlock-sign-in": () => ({ status: 400, body: { error: { code: "invalid_token", message: "x" } } }),
    });
    renderRoutes(routes, "/login?unlock=used-token-0123456789abcdef");
    expect(await screen.findByText(/This unlock link is not valid or has expired/)).toBeInTheDocument();
  });
});

describe("login page in Spanish (the default)", () => {
  it("speaks es-AR: labels, the failure box and its tips, the agencies' link", async () => {
    mockFetch({
      "POST /api/auth/sign-in/email": () => ({ status: 401, body: { error: { code: "invalid_credentials", message: "x" } } }),
    });
    renderRoutes(routes, "/login");
    expect(screen.getByRole("heading", { name: "Iniciar sesión" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "¿Sos una agencia o negocio?" })).toHaveAttribute("href", "/landing");
    await userEvent.type(screen.getByLabelText("Correo electrónico"), "ana@agency.test");
    await userEvent.type(screen.getByLabelText("Contraseña", { selector: "input" }), "secret-password");
    await userEvent.click(screen.getByRole("button", { name: "Iniciar sesión" }));
    const box = await screen.findByRole("alert");
    expect(box).toHaveTextContent("No se pudo iniciar sesión");
    expect(box).toHaveTextContent("El correo o la contraseña que ingresaste no son correctos.");
    expect(box).toHaveTextContent("Bloq Mayús");
  });
});
