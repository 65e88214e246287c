import type { MailboxList } from "@common/schemas/mailbox";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LanguageProvider } from "@web/lib/language";
import { MailboxPage } from "./mailbox-page";

function renderPage(body: MailboxList, language = "es-AR") {
  localStorage.setItem("language", language);
  vi.spyOn(globalThis, "fetch").mockResolvedValue(
    new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } }),
  );
  const router = createMemoryRouter([{ path: "/dashboard/admin/mailbox", element: <MailboxPage /> }], {
    initialEntries: ["/dashboard/admin/mailbox"],
  });
  render(
    <LanguageProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </LanguageProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("the Mailbox", () => {
  it("does not claim there is no SMTP server when one is configured", async () => {
    renderPage({ items: [], total: 0, page: 1, pageSize: 20, smtpConfigured: true });
    expect(await screen.findByText(/resultado de su envío al servidor SMTP configurado/)).toBeInTheDocument();
    expect(screen.queryByText(/Sin servidor SMTP/)).not.toBeInTheDocument();
  });

  it("explains the development outbox when there is no SMTP server", async () => {
    renderPage({ items: [], total: 0, page: 1, pageSize: 20, smtpConfigured: false });
    expect(await screen.findByText(/Sin servidor SMTP/)).toBeInTheDocument();
  });

  // Issue 32: the list showed internal ids ("guardian_request").
  const items = (...kinds: string[]): MailboxList => ({
    items: kinds.map((kind, i) => ({
      id: i + 1,
      kind,
      toAddress: `persona${i}@example.com`,
      subject: `Asunto ${i}`,
      status: "undelivered",
      createdAt: "2026-03-05T13:00:00.000Z",
      sentAt: null,
    })),
    total: kinds.length,
    page: 1,
    pageSize: 20,
    smtpConfigured: false,
  });

  it("names each e-mail's kind in words, never by its id, in Spanish", async () => {
    renderPage(items("guardian_request", "registration_verification", "test_message"));
    const kinds = await screen.findAllByTestId("mail-kind");
    expect(kinds.map((kind) => kind.textContent)).toEqual([
      "Autorización de madre, padre o tutor",
      "Verificación de registro",
      "Otro correo",
    ]);
    expect(screen.queryByText(/guardian_request|registration_verification|test_message/)).not.toBeInTheDocument();
  });

  it("and in English", async () => {
    renderPage(items("guardian_request", "waitlist_offer"), "en");
    const kinds = await screen.findAllByTestId("mail-kind");
    expect(kinds.map((kind) => kind.textContent)).toEqual(["Guardian's approval request", "Waiting list: spot offered"]);
  });
});
