import { sessionUser } from "@web/test/session";
import type { SessionUser } from "@common/schemas/accounts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { LanguageProvider, useT } from "@web/lib/language";
import { mockFetch } from "@web/test/render-route";
import { sessionQueryOptions, useSession } from "../api/get-session";
import { useAccountLanguage } from "../hooks/use-account-language";
import { LanguageSettings } from "./language-settings";

const ana: SessionUser = sessionUser("member", { email: "ana@agency.test" });

/** What RequireAuth does with the session, a heading of the shell, and the setting. */
function Account() {
  const t = useT();
  const session = useSession();
  useAccountLanguage(session.data);
  return (
    <>
      <h1>{t("accounts.security.title")}</h1>
      {session.data ? <LanguageSettings /> : null}
    </>
  );
}

function renderAccount(user: SessionUser) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(sessionQueryOptions().queryKey, user);
  return render(
    <LanguageProvider>
      <QueryClientProvider client={client}>
        <Account />
      </QueryClientProvider>
    </LanguageProvider>,
  );
}

describe("the account's language", () => {
  it("switches the app at once when chosen, saves it on the server and on the device", async () => {
    const saved: unknown[] = [];
    mockFetch({
      "GET /api/session": () => ({ status: 200, body: { user: ana } }),
      "PUT /api/account/language": (body) => (saved.push(body), { status: 200, body }),
    });
    renderAccount(ana);
    expect(screen.getByRole("heading", { level: 1, name: "Seguridad de la cuenta" })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText("Idioma"), "en");
    expect(screen.getByRole("heading", { level: 1, name: "Account security" })).toBeInTheDocument();
    expect(screen.getByLabelText("Language")).toHaveValue("en");
    await waitFor(() => expect(saved).toEqual([{ language: "en" }]));
    expect(localStorage.getItem("language")).toBe("en");
    expect(document.documentElement.lang).toBe("en");
  });

  it("goes back to the language shown before when the server refuses", async () => {
    mockFetch({
      "GET /api/session": () => ({ status: 200, body: { user: ana } }),
      "PUT /api/account/language": () => ({ status: 500, body: { error: { code: "internal_error", message: "x" } } }),
    });
    renderAccount(ana);
    await userEvent.selectOptions(screen.getByLabelText("Idioma"), "en");
    expect(await screen.findByText("No se pudo guardar el idioma. Intentá de nuevo.")).toBeInTheDocument();
    expect(screen.getByLabelText("Idioma")).toHaveValue("es-AR");
  });

  it("follows the language saved in the account when the session arrives, and remembers it on the device", async () => {
    mockFetch({ "GET /api/session": () => ({ status: 200, body: { user: { ...ana, language: "en" } } }) });
    renderAccount({ ...ana, language: "en" });
    expect(await screen.findByRole("heading", { level: 1, name: "Account security" })).toBeInTheDocument();
    expect(localStorage.getItem("language")).toBe("en");
  });

  it("keeps the device's language when the account has none saved", async () => {
    localStorage.setItem("language", "en");
    mockFetch({ "GET /api/session": () => ({ status: 200, body: { user: ana } }) });
    renderAccount(ana);
    expect(screen.getByRole("heading", { level: 1, name: "Account security" })).toBeInTheDocument();
    expect(screen.getByLabelText("Language")).toHaveValue("en");
  });
});
