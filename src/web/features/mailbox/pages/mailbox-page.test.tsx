import type { MailboxList } from "@common/schemas/mailbox";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MailboxPage } from "./mailbox-page";

function renderPage(body: MailboxList) {
  vi.spyOn(globalThis, "fetch").mockResolvedValue(
    new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } }),
  );
  const router = createMemoryRouter([{ path: "/dashboard/admin/mailbox", element: <MailboxPage /> }], {
    initialEntries: ["/dashboard/admin/mailbox"],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
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
});
