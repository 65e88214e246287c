import { formatDateTimeFor } from "@common/dates-language";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { delivery, renderPage, serve, webhook } from "./webhooks.test-support";

const ID = webhook().id;
const URL = webhook().url;

afterEach(() => vi.restoreAllMocks());

describe("the webhooks' screen: an endpoint's actions (issue 37)", () => {
  it("turns an endpoint off and on again with PATCH enabled", async () => {
    const { calls } = serve("admin", [webhook()], (store) => ({
      [`PATCH /api/webhooks/${ID}`]: (body) => {
        const enabled = (body as { enabled: boolean }).enabled;
        store.webhooks = [webhook({ enabled, disabledReason: enabled ? null : "admin" })];
        return { status: 200, body: store.webhooks[0] };
      },
    }));
    const user = userEvent.setup();
    renderPage();
    const card = within(await screen.findByRole("article", { name: URL }));
    await user.click(card.getByRole("button", { name: `Apagar el webhook ${URL}` }));
    expect(await card.findByText("Apagado por un admin")).toBeInTheDocument();
    expect(await screen.findByText("Apagamos el webhook: mientras esté apagado no recibe avisos.")).toBeInTheDocument();
    const turnOn = card.getByRole("button", { name: `Encender el webhook ${URL}` });
    // The same button, with its new name: the keyboard's focus stays on it.
    expect(turnOn).toHaveFocus();

    await user.click(turnOn);
    expect(await card.findByText("Activo")).toBeInTheDocument();
    expect(calls("PATCH")).toEqual([
      { path: `/api/webhooks/${ID}`, body: { enabled: false } },
      { path: `/api/webhooks/${ID}`, body: { enabled: true } },
    ]);
  });

  it("shows an endpoint's deliveries, and resends one through its route", async () => {
    const failed = delivery({
      id: 42,
      eventType: "checkin.created",
      status: "pending",
      attempts: 3,
      responseStatus: 503,
      durationMs: 1250,
      lastError: "HTTP 503",
      deliveredAt: null,
      nextAttemptAt: "2026-11-25T19:00:00.000Z",
      occurredAt: "2026-11-25T18:40:00.000Z",
    });
    let deliveryGets = 0;
    const { calls } = serve("admin", [webhook({ pending: 1 })], (store) => ({
      [`GET /api/webhooks/${ID}/deliveries`]: () => {
        deliveryGets += 1;
        return { status: 200, body: { items: [failed, delivery()] } };
      },
      [`POST /api/webhooks/${ID}/deliveries/42/resend`]: () => {
        store.webhooks = [webhook({ pending: 1 })];
        return { status: 202, body: { ...failed, nextAttemptAt: "2026-11-25T18:41:00.000Z" } };
      },
    }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("link", { name: `Ver las entregas a ${URL}` }));
    const heading = await screen.findByRole("heading", { name: `Entregas a ${URL}` });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole("link", { name: `Ver las entregas a ${URL}` })).toHaveAttribute("aria-current", "true");

    const table = await screen.findByRole("table", { name: "Entregas" });
    expect(screen.getByRole("region", { name: /Tabla de entregas/ })).toHaveAttribute("tabindex", "0");
    const row = within(within(table).getByRole("row", { name: /Llegada registrada en la puerta/ }));
    expect(row.getByText("Pendiente")).toBeInTheDocument();
    expect(row.getByText(`Próximo intento: ${formatDateTimeFor("es-AR", "2026-11-25T19:00:00.000Z")}`)).toBeInTheDocument();
    expect(row.getByText("503")).toBeInTheDocument();
    // A number in the reader's language: es-AR groups thousands with a dot.
    expect(row.getByText("1.250 ms")).toBeInTheDocument();
    expect(row.getByText("HTTP 503")).toBeInTheDocument();
    const delivered = within(within(table).getByRole("row", { name: /Registro nuevo/ }));
    expect(delivered.getByText("Entregada")).toBeInTheDocument();
    expect(delivered.getByText("200")).toBeInTheDocument();
    expect(deliveryGets).toBe(1);

    const when = formatDateTimeFor("es-AR", "2026-11-25T18:40:00.000Z");
    await user.click(row.getByRole("button", { name: `Reenviar la entrega Llegada registrada en la puerta del ${when}` }));
    expect(await screen.findByText("La entrega vuelve a salir en un momento, con el mismo webhook-id.")).toBeInTheDocument();
    expect(calls("POST")).toEqual([{ path: `/api/webhooks/${ID}/deliveries/42/resend`, body: undefined }]);
    // The deliveries were read again.
    await waitFor(() => expect(deliveryGets).toBe(2));

    await user.click(screen.getByRole("button", { name: "Cerrar las entregas" }));
    expect(screen.queryByRole("table", { name: "Entregas" })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("link", { name: `Ver las entregas a ${URL}` })).toHaveFocus());
  });

  it("opens the deliveries from the address, and reads older ones on demand, 50 at a time", async () => {
    const page = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => delivery({ id: from - index, messageId: `msg_${from - index}` }));
    const { calls } = serve("admin", [webhook()], () => ({
      [`GET /api/webhooks/${ID}/deliveries`]: () => ({
        status: 200,
        body: { items: calls("GET").filter((call) => call.path.includes("before=")).length ? page(50, 2) : page(100, 50) },
      }),
    }));
    const user = userEvent.setup();
    renderPage(`/w?deliveries=${ID}`);
    // 50 rows take a while in jsdom when the machine is busy.
    const table = await screen.findByRole("table", { name: "Entregas" }, { timeout: 5000 });
    const rows = () => (table as HTMLTableElement).tBodies[0]?.rows.length;
    // Opened by its address, not by the link: focus stays where the page put it.
    expect(screen.getByRole("heading", { name: `Entregas a ${URL}` })).not.toHaveFocus();
    expect(rows()).toBe(50);
    await user.click(screen.getByRole("button", { name: "Ver más antiguas" }));
    await waitFor(() => expect(rows()).toBe(52), { timeout: 5000 });
    expect(
      calls("GET")
        .map((call) => call.path)
        .filter((path) => path.includes("/deliveries")),
    ).toEqual([`/api/webhooks/${ID}/deliveries?limit=50`, `/api/webhooks/${ID}/deliveries?limit=50&before=51`]);
    // A page shorter than 50 was the last.
    expect(screen.queryByRole("button", { name: "Ver más antiguas" })).not.toBeInTheDocument();
  });

  it("rotates the secret after asking, and shows the new one once with the old one's overlap", async () => {
    // A day from now, as the server answers: the list mentions an overlap that has not ended.
    const until = new Date(Date.now() + 24 * 3600_000).toISOString();
    const { calls } = serve("admin", [webhook()], (store) => ({
      [`POST /api/webhooks/${ID}/rotate-secret`]: () => {
        store.webhooks = [webhook({ previousSecretUntil: until })];
        return { status: 200, body: { secret: "whsec_bnVldm8gc2VjcmV0byBudWV2bw==", previousSecretUntil: until } };
      },
    }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: `Rotar el secreto del webhook ${URL}` }));
    const dialog = await screen.findByRole("dialog", { name: `¿Rotar el secreto del webhook ${URL}?` });
    expect(within(dialog).getByText(/Durante 24 horas cada aviso va firmado con los dos/)).toBeInTheDocument();
    expect(calls("POST")).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Rotar secreto" }));

    const field = await screen.findByLabelText("Secreto de firma");
    expect(field).toHaveValue("whsec_bnVldm8gc2VjcmV0byBudWV2bw==");
    await waitFor(() => expect(field).toHaveFocus());
    const panel = screen.getByRole("status");
    expect(within(panel).getByText(`Secreto nuevo para ${URL}`)).toBeInTheDocument();
    const when = formatDateTimeFor("es-AR", until);
    expect(field).toHaveAccessibleDescription(
      `El secreto anterior sigue firmando junto con este hasta el ${when}: cambialo en tu sistema antes. Copialo ahora: por seguridad no se vuelve a mostrar.`,
    );
    expect(calls("POST")).toEqual([{ path: `/api/webhooks/${ID}/rotate-secret`, body: undefined }]);
    const card = within(screen.getByRole("article", { name: URL }));
    expect(await card.findByText(`El secreto anterior firma junto con el nuevo hasta el ${when}.`)).toBeInTheDocument();
  });

  it("deletes an endpoint after asking, and refreshes the list", async () => {
    const { store, calls } = serve("admin", [webhook()], (store) => ({
      [`DELETE /api/webhooks/${ID}`]: () => {
        store.webhooks = [];
        return { status: 204 };
      },
    }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: `Borrar el webhook ${URL}` }));
    const dialog = await screen.findByRole("dialog", { name: `¿Borrar el webhook ${URL}?` });
    expect(within(dialog).getByText(/se borran sus entregas, también las pendientes/)).toBeInTheDocument();
    expect(calls("DELETE")).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Borrar webhook" }));
    expect(await screen.findByText(`Borramos el webhook ${URL}.`)).toBeInTheDocument();
    expect(await screen.findByText("Todavía no hay webhooks.")).toBeInTheDocument();
    expect(calls("DELETE")).toEqual([{ path: `/api/webhooks/${ID}`, body: undefined }]);
    expect(store.gets).toBe(2);
    await waitFor(() => expect(screen.getByRole("heading", { name: "Webhooks registrados" })).toHaveFocus());
  });
});
