import { formatDateTimeEsAr } from "@common/dates";
import type { CampaignDetail, CampaignSummary } from "@common/schemas/campaigns";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CampaignBadge } from "./campaign-badge";
import { CampaignHistory } from "./campaign-history";
import { mockApi, renderWithQuery } from "./test-utils";

const EVENT_ID = "0b5c1c9e-7d39-4a4e-9d43-0b1f7f2b6a01";
const REG_A = "7d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10";
const REG_B = "8e8f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a11";

const summary = (overrides: Partial<CampaignSummary>): CampaignSummary => ({
  id: "c-1",
  subject: "Aviso",
  isHtml: false,
  status: "completed",
  recipientCount: 2,
  sentAt: "2026-03-01T15:00:00.000Z",
  completedAt: "2026-03-01T15:01:00.000Z",
  event: { id: EVENT_ID, eventName: "Casting Otoño" },
  creator: { fullName: "Laura Admin", email: "laura@agency.test" },
  counts: { queued: 0, sent: 2, failed: 0, read: 0, mailbox: 0 },
  ...overrides,
});

const detail = (overrides: Partial<CampaignDetail>): CampaignDetail => ({
  ...summary({}),
  content: "Hola {nombre}\nsegunda línea",
  recipients: [
    {
      id: "r1",
      registrationId: REG_A,
      fullName: "Ana Pérez",
      email: "ana@example.com",
      status: "read",
      errorMessage: null,
      sentAt: "2026-03-01T15:00:30.000Z",
      readAt: "2026-03-01T16:00:00.000Z",
    },
    {
      id: "r2",
      registrationId: REG_B,
      fullName: "Bruno Díaz",
      email: "bounce@example.com",
      status: "failed",
      errorMessage: "550 Mailbox unavailable",
      sentAt: null,
      readAt: null,
    },
  ],
  ...overrides,
});

afterEach(() => {
  vi.useRealTimers();
});

describe("CampaignHistory", () => {
  it("lists campaigns with subject, event, status label, recipients, sender and date", async () => {
    mockApi((url) =>
      url === `/api/campaigns?eventId=${EVENT_ID}`
        ? {
            status: 200,
            body: {
              items: [
                summary({ id: "c-3", subject: "Tercera", status: "partial", event: null, creator: null }),
                summary({ id: "c-2", subject: "Segunda", status: "failed", creator: { fullName: "", email: "ops@agency.test" } }),
                summary({ id: "c-1", subject: "Primera", recipientCount: 1 }),
              ],
            },
          }
        : undefined,
    );
    renderWithQuery(<CampaignHistory eventId={EVENT_ID} />);
    expect(screen.getByText("Cargando historial de emails...")).toBeInTheDocument();
    const items = await screen.findAllByRole("article");
    expect(items.map((item) => within(item).getByRole("heading").textContent)).toEqual(["Tercera", "Segunda", "Primera"]);
    expect(within(items[0]!).getByText("Evento desconocido")).toBeInTheDocument();
    expect(within(items[0]!).getByText("Parcial")).toBeInTheDocument();
    expect(within(items[0]!).getByText("Desconocido")).toBeInTheDocument();
    expect(within(items[1]!).getByText("Fallido")).toBeInTheDocument();
    expect(within(items[1]!).getByText("ops@agency.test")).toBeInTheDocument();
    expect(within(items[2]!).getByText("Completado")).toBeInTheDocument();
    expect(within(items[2]!).getByText("Laura Admin")).toBeInTheDocument();
    expect(within(items[2]!).getByText("1 destinatario")).toBeInTheDocument();
    expect(within(items[2]!).getByText("Casting Otoño")).toBeInTheDocument();
    expect(within(items[2]!).getByText(formatDateTimeEsAr("2026-03-01T15:00:00.000Z"))).toBeInTheDocument();
  });

  it("shows live progress for a campaign in progress", async () => {
    mockApi(() => ({
      status: 200,
      body: {
        items: [
          summary({ status: "in_progress", recipientCount: 4, counts: { queued: 1, sent: 2, failed: 1, read: 0, mailbox: 0 } }),
        ],
      },
    }));
    renderWithQuery(<CampaignHistory eventId={EVENT_ID} />);
    const bar = await screen.findByRole("progressbar");
    expect(bar).toHaveAttribute("aria-valuenow", "3");
    expect(bar).toHaveAttribute("aria-valuemax", "4");
    expect(screen.getByText("En progreso")).toBeInTheDocument();
    expect(screen.getByText("3 de 4 procesados")).toBeInTheDocument();
  });

  it("expands a campaign into its content and recipients, the failure reason at hand", async () => {
    mockApi((url) => {
      if (url.startsWith("/api/campaigns?")) return { status: 200, body: { items: [summary({})] } };
      if (url === "/api/campaigns/c-1") return { status: 200, body: detail({}) };
    });
    renderWithQuery(<CampaignHistory eventId={EVENT_ID} />);
    const toggle = await screen.findByRole("button", { name: /Ver detalle/ });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    // Narrow screens repeat the e-mail under the name and the date under the status (hidden from sm up).
    const read = formatDateTimeEsAr("2026-03-01T16:00:00.000Z");
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["Ana Pérezana@example.com", "ana@example.com", `Leído${read}`, read],
      ["Bruno Díazbounce@example.com", "bounce@example.com", "FallidoMotivo: 550 Mailbox unavailable—", "—"],
    ]);
    // The reason is written under the status, where a phone shows it (no hover tooltip).
    expect(within(rows[1]!).getByText("Motivo: 550 Mailbox unavailable")).toBeVisible();
    expect(screen.queryByRole("tooltip")).toBeNull();
    expect(screen.getByText(/Hola \{nombre\}/)).toHaveClass("whitespace-pre-wrap");
    // On a phone an address breaks only where it must (not mid-word at any letter), and a time
    // never wraps inside ('p.' / 'm.').
    for (const row of rows) {
      for (const cell of within(row).getAllByText(/@example\.com$/)) {
        expect(cell).not.toHaveClass("break-all");
        expect(cell).toHaveClass("wrap-anywhere");
      }
    }
    for (const time of screen.getAllByTestId("recipient-time")) expect(time).toHaveClass("whitespace-nowrap");
    expect(document.querySelector(`time[datetime]`)).toHaveClass("whitespace-nowrap");
  });

  it("renders HTML content only inside a sandboxed frame", async () => {
    mockApi((url) => {
      if (url.startsWith("/api/campaigns?")) return { status: 200, body: { items: [summary({ isHtml: true })] } };
      return { status: 200, body: detail({ isHtml: true, content: "<p><strong>Hola</strong></p>", recipients: [] }) };
    });
    renderWithQuery(<CampaignHistory eventId={EVENT_ID} />);
    await userEvent.click(await screen.findByRole("button", { name: /Ver detalle/ }));
    const frame = await screen.findByTitle("Contenido del correo: Aviso");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame).toHaveAttribute("sandbox", "");
    const srcdoc = frame.getAttribute("srcdoc") ?? "";
    expect(srcdoc).toContain("<body><p><strong>Hola</strong></p></body>");
    // The product's sans font, not the browser's default serif.
    expect(srcdoc).toMatch(/body\{[^}]*font-family:"Inter Variable"[^}]*sans-serif/);
    expect(screen.getByText("No hay información de destinatarios disponible")).toBeInTheDocument();
  });

  it("shows a campaign kept in the mailbox (no SMTP) as such, its recipients too, never 'Fallido' (issue 32)", async () => {
    const mailbox = { status: "mailbox" as const, errorMessage: null };
    mockApi((url) => {
      if (url.startsWith("/api/campaigns?")) {
        return {
          status: 200,
          body: { items: [summary({ status: "mailbox", counts: { queued: 0, sent: 0, failed: 0, read: 0, mailbox: 2 } })] },
        };
      }
      if (url === "/api/campaigns/c-1") {
        const base = detail({});
        return {
          status: 200,
          body: { ...base, status: "mailbox", recipients: base.recipients.map((r) => ({ ...r, ...mailbox, readAt: null })) },
        };
      }
      if (url === `/api/registrations/${REG_A}/campaigns`) {
        const item = {
          id: "c-1",
          subject: "Aviso",
          sentAt: "2026-03-01T15:00:00.000Z",
          status: "mailbox",
          recipientStatus: "mailbox",
        };
        return { status: 200, body: { items: [item] } };
      }
    });
    renderWithQuery(<CampaignHistory eventId={EVENT_ID} />);
    await userEvent.click(await screen.findByRole("button", { name: /Ver detalle/ }));
    const table = await screen.findByRole("table");
    expect(within(table).getAllByText("En el buzón, sin SMTP")).toHaveLength(2);
    expect(screen.getAllByText("En el buzón, sin SMTP")).toHaveLength(3);
    expect(screen.queryByText(/Fallido|Motivo/)).toBeNull();

    renderWithQuery(<CampaignBadge registrationId={REG_A} campaignCount={1} onSelect={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Incluido en 1 campaña(s) de correo para este evento" }));
    const entry = await screen.findByRole("button", { name: /^Aviso/ });
    expect(entry).toHaveTextContent("En el buzón, sin SMTP");
  });

  it("says so when there are no campaigns, and when the history cannot load", async () => {
    mockApi(() => ({ status: 200, body: { items: [] } }));
    const { unmount } = renderWithQuery(<CampaignHistory eventId={EVENT_ID} />);
    expect(await screen.findByText("No hay campañas de correo para mostrar")).toBeInTheDocument();
    unmount();
    vi.restoreAllMocks();
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockApi(() => ({ status: 500, body: { error: { code: "internal_error", message: "x" } } }));
    renderWithQuery(<CampaignHistory eventId={EVENT_ID} />);
    expect(await screen.findByText("No se pudo cargar el historial de emails")).toBeInTheDocument();
  });
});

describe("jumping from a registration's row", () => {
  it("lists the row's campaigns in a popup and opens the chosen one with the model highlighted for 3 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi((url) => {
      if (url === `/api/registrations/${REG_B}/campaigns`)
        return {
          status: 200,
          body: {
            items: [
              { id: "c-1", subject: "Aviso", sentAt: "2026-03-01T15:00:00.000Z", status: "completed", recipientStatus: "sent" },
            ],
          },
        };
      if (url.startsWith("/api/campaigns?")) return { status: 200, body: { items: [summary({})] } };
      if (url === "/api/campaigns/c-1") return { status: 200, body: detail({}) };
    });
    const onSelect = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { rerender } = renderWithQuery(<CampaignBadge registrationId={REG_B} campaignCount={1} onSelect={onSelect} />);
    await user.click(screen.getByRole("button", { name: "Incluido en 1 campaña(s) de correo para este evento" }));
    await user.click(await screen.findByRole("button", { name: /Aviso/ }));
    expect(onSelect).toHaveBeenCalledWith("c-1", REG_B);

    rerender(<CampaignHistory eventId={EVENT_ID} jump={{ campaignId: "c-1", registrationId: REG_B, key: 1 }} />);
    const highlighted = await screen.findByRole("row", { current: true });
    expect(within(highlighted).getByText("Bruno Díaz")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Ocultar detalle/ })).toHaveAttribute("aria-expanded", "true");

    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByRole("row", { current: true })).toBe(highlighted);
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole("row", { current: true })).toBeNull();
  });

  it("shows nothing on a row that was never e-mailed", () => {
    renderWithQuery(<CampaignBadge registrationId={REG_A} campaignCount={0} onSelect={() => {}} />);
    expect(screen.queryByRole("button")).toBeNull();
  });
});
