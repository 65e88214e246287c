import type { MailboxMessage } from "@common/schemas/mailbox";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { MailboxMessagePage } from "./mailbox-message-page";

const message: MailboxMessage = {
  id: 7,
  kind: "registration_verification",
  toAddress: "lucia@example.com",
  subject: "Confirmá tu inscripción en OpenCall",
  status: "undelivered",
  createdAt: "2026-03-05T13:00:00.000Z",
  sentAt: null,
  textBody: "Hola Lucía:\n\nConfirmar mi correo:\nhttp://localhost:3000/verify/abc",
  htmlBody: '<p id="from-mail">Hola Lucía</p><script>window.parent.document.title = "pwned"</script>',
  attempts: 0,
  lastError: null,
  smtpResponse: null,
  linksHidden: false,
};

function renderPage(body: unknown, status = 200) {
  vi.spyOn(globalThis, "fetch").mockResolvedValue(
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );
  const router = createMemoryRouter([{ path: "/dashboard/admin/mailbox/:id", element: <MailboxMessagePage /> }], {
    initialEntries: ["/dashboard/admin/mailbox/7"],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("the Mailbox message view", () => {
  it("renders the HTML only inside a sandboxed iframe (no scripts, no same origin)", async () => {
    renderPage(message);
    const frame = await screen.findByTitle("Vista HTML del correo");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("srcdoc")).toContain(`<body>${message.htmlBody}</body>`);
    expect(frame.getAttribute("srcdoc")).toMatch(/font-family:"Inter Variable"[^}]*sans-serif/);
    // Nothing of the message's HTML is part of the app's own document.
    expect(document.getElementById("from-mail")).toBeNull();
    expect(document.querySelectorAll("script")).toHaveLength(0);
    expect(screen.getByRole("heading", { level: 1, name: message.subject })).toBeInTheDocument();
    expect(screen.getByText("En el buzón, sin SMTP")).toBeInTheDocument();
  });

  it("names the message's kind in words and leads back to the buzón (issue 32)", async () => {
    renderPage(message);
    expect(await screen.findByText("Verificación de registro")).toBeInTheDocument();
    expect(screen.queryByText("registration_verification")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Volver al buzón" })).toBeInTheDocument();
  });

  it("lists the message's links to follow, since the sandboxed HTML cannot", async () => {
    renderPage(message);
    const link = await screen.findByRole("link", { name: "http://localhost:3000/verify/abc" });
    expect(link).toHaveAttribute("href", "http://localhost:3000/verify/abc");
  });

  it("shows the plain-text part in the Texto tab", async () => {
    renderPage(message);
    await userEvent.click(await screen.findByRole("tab", { name: "Texto" }));
    expect(screen.getByText(/Confirmar mi correo:/)).toBeInTheDocument();
  });

  it("says when the links were hidden", async () => {
    renderPage({ ...message, linksHidden: true });
    expect(await screen.findByText(/Los enlaces están ocultos/)).toBeInTheDocument();
  });

  it("says so when the message does not exist", async () => {
    renderPage({ error: { code: "not_found", message: "There is no such message." } }, 404);
    expect(await screen.findByText("Este correo no existe.")).toBeInTheDocument();
  });
});
