import { WEBHOOK_EVENTS } from "@common/schemas/webhooks";
import { formatDateTimeFor } from "@common/dates-language";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage, serve, webhook } from "./webhooks.test-support";

const eventsGroup = () => screen.getByRole("group", { name: "Eventos" });
const carriesGroup = () => screen.getByRole("group", { name: "Qué lleva cada aviso" });
const urlField = () => screen.getByRole("textbox", { name: "Dirección" });

afterEach(() => vi.restoreAllMocks());

describe("the webhooks' screen: registering an endpoint (issue 37)", () => {
  it("creates a webhook with the events and capabilities chosen, shows its secret once, and refreshes the list", async () => {
    const made = webhook({ id: "5b0c6a52-5d1e-4a53-9a43-3f0b5a1f0009", events: ["registration.created", "stage.changed"] });
    const { store, calls } = serve("admin", [], (store) => ({
      "POST /api/webhooks": () => {
        store.webhooks = [made];
        return { status: 201, body: { ...made, secret: "whsec_c2VjcmV0IHNlY3JldCBzZWNyZXQ=" } };
      },
    }));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText("Todavía no hay webhooks.")).toBeInTheDocument();
    // Reading the registrations is ticked already; every event the server sends is offered.
    expect(
      within(carriesGroup()).getByLabelText("Ver los registros, sus etiquetas, su etapa y el promedio del panel"),
    ).toBeChecked();
    expect(within(eventsGroup()).getAllByRole("checkbox")).toHaveLength(WEBHOOK_EVENTS.length);
    expect(within(eventsGroup()).getByLabelText("Respuesta a un callback")).toHaveAccessibleDescription("callback.answered");
    expect(within(eventsGroup()).getByLabelText("Favorito de un cliente en una selección")).toHaveAccessibleDescription(
      "selection.favourited",
    );
    expect(within(eventsGroup()).getByLabelText("Registro nuevo")).toHaveAccessibleDescription("registration.created");

    await user.type(urlField(), "https://crm.example.com/opencall");
    await user.click(within(eventsGroup()).getByLabelText("Cambio de etapa"));
    await user.click(within(eventsGroup()).getByLabelText("Registro nuevo"));
    await user.click(
      within(carriesGroup()).getByLabelText("Ver e-mail, teléfono, Instagram, fecha de nacimiento y datos del tutor"),
    );
    await user.click(screen.getByRole("button", { name: "Crear webhook" }));

    const field = await screen.findByLabelText("Secreto de firma");
    expect(field).toHaveValue("whsec_c2VjcmV0IHNlY3JldCBzZWNyZXQ=");
    expect(field).toHaveAttribute("readonly");
    expect(field).toHaveFocus();
    // In the form's order, whatever the order they were ticked in.
    expect(calls("POST").map((call) => call.body)).toEqual([
      {
        url: "https://crm.example.com/opencall",
        events: ["registration.created", "stage.changed"],
        permissions: ["registrations.read", "contacts.see"],
      },
    ]);
    const panel = screen.getByRole("status");
    expect(within(panel).getByText("Webhook creado para https://crm.example.com/opencall")).toBeInTheDocument();
    expect(within(panel).getByText("Copialo ahora: por seguridad no se vuelve a mostrar.")).toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Copiar" }));
    expect(await within(panel).findByText("Copiado")).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe("whsec_c2VjcmV0IHNlY3JldCBzZWNyZXQ=");

    // The list refreshed, without the secret; the form is as new.
    expect(await screen.findByRole("article", { name: "https://crm.example.com/opencall" })).toBeInTheDocument();
    expect(store.gets).toBe(2);
    expect(urlField()).toHaveValue("");
    expect(within(eventsGroup()).getByLabelText("Registro nuevo")).not.toBeChecked();
    expect(
      within(carriesGroup()).getByLabelText("Ver e-mail, teléfono, Instagram, fecha de nacimiento y datos del tutor"),
    ).not.toBeChecked();

    await user.click(within(panel).getByRole("button", { name: "Listo" }));
    expect(screen.queryByLabelText("Secreto de firma")).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(/whsec_/)).not.toBeInTheDocument();
    await waitFor(() => expect(urlField()).toHaveFocus());
  });

  it("shows the server's refusal of the address under the address field, and moves focus there", async () => {
    const message = "Esa dirección no se puede usar: apunta a una red privada o interna.";
    serve("admin", [], () => ({
      "POST /api/webhooks": () => ({
        status: 400,
        body: { error: { code: "webhook_url_not_allowed", message, fields: { url: message } } },
      }),
    }));
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByRole("textbox", { name: "Dirección" }), "https://169.254.169.254/latest");
    await user.click(within(eventsGroup()).getByLabelText("Registro nuevo"));
    await user.click(screen.getByRole("button", { name: "Crear webhook" }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(urlField()).toHaveAttribute("aria-invalid", "true");
    expect(urlField()).toHaveAccessibleDescription(expect.stringContaining(message));
    await waitFor(() => expect(urlField()).toHaveFocus());
    // What was typed stays, to be corrected; nothing else is blamed.
    expect(urlField()).toHaveValue("https://169.254.169.254/latest");
    expect(eventsGroup()).not.toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.queryByLabelText("Secreto de firma")).not.toBeInTheDocument();
  });

  it("refuses, before sending, an endpoint without an address or an event", async () => {
    const { calls } = serve("admin", []);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText("Todavía no hay webhooks.");
    await user.click(screen.getByRole("button", { name: "Crear webhook" }));
    expect(await screen.findByText("Escribí una dirección web completa, que empiece con https://.")).toBeInTheDocument();
    expect(screen.getByText("Elegí al menos un evento.")).toBeInTheDocument();
    await waitFor(() => expect(urlField()).toHaveFocus());

    await user.type(urlField(), "https://crm.example.com/opencall");
    await user.click(screen.getByRole("button", { name: "Crear webhook" }));
    await waitFor(() => expect(within(eventsGroup()).getAllByRole("checkbox")[0]).toHaveFocus());
    expect(eventsGroup()).toHaveAccessibleDescription(
      "OpenCall manda un aviso cada vez que pasa uno de estos. Elegí al menos un evento.",
    );
    expect(calls("POST")).toEqual([]);
  });
});

describe("the webhooks' screen: the endpoints (issue 37)", () => {
  it("shows each endpoint's state, events, payload and pending deliveries", async () => {
    const failingSince = "2026-11-26T09:15:00.000Z";
    serve("admin", [
      webhook({ pending: 0 }),
      webhook({
        id: "5b0c6a52-5d1e-4a53-9a43-3f0b5a1f0002",
        url: "https://sheets.example.org/hook",
        failingSince,
        pending: 3,
      }),
      webhook({
        id: "5b0c6a52-5d1e-4a53-9a43-3f0b5a1f0003",
        url: "https://old.example.org/hook",
        enabled: false,
        disabledReason: "admin",
        permissions: [],
        events: ["registration.erased"],
      }),
      webhook({
        id: "5b0c6a52-5d1e-4a53-9a43-3f0b5a1f0004",
        url: "https://down.example.org/hook",
        enabled: false,
        disabledReason: "failing",
        failingSince,
        pending: 1,
      }),
    ]);
    renderPage();
    const card = async (name: string) => within(await screen.findByRole("article", { name }));

    const active = await card("https://crm.example.com/opencall");
    expect(active.getByText("Activo")).toBeInTheDocument();
    expect(active.getByText("2 eventos")).toBeInTheDocument();
    expect(active.getByText("Registro nuevo · Llegada registrada en la puerta")).toBeInTheDocument();
    expect(active.getByText("Ninguna entrega")).toBeInTheDocument();
    expect(active.getByText(`${formatDateTimeFor("es-AR", "2026-11-20T13:00:00.000Z")}, por Ana`)).toBeInTheDocument();
    expect(active.getByRole("button", { name: "Apagar el webhook https://crm.example.com/opencall" })).toBeInTheDocument();

    const failing = await card("https://sheets.example.org/hook");
    expect(failing.getByText("Activo, con fallas")).toBeInTheDocument();
    expect(failing.getByText(`Falla desde el ${formatDateTimeFor("es-AR", failingSince)}.`)).toBeInTheDocument();
    expect(failing.getByText("3 entregas")).toBeInTheDocument();

    const off = await card("https://old.example.org/hook");
    expect(off.getByText("Apagado por un admin")).toBeInTheDocument();
    expect(off.getByText("Solo identificadores")).toBeInTheDocument();
    expect(off.queryByText(/Falla desde/)).not.toBeInTheDocument();
    expect(off.getByRole("button", { name: "Encender el webhook https://old.example.org/hook" })).toBeInTheDocument();

    const down = await card("https://down.example.org/hook");
    expect(down.getByText("Apagado tras un día de fallas")).toBeInTheDocument();
    expect(down.getByText(`Falla desde el ${formatDateTimeFor("es-AR", failingSince)}.`)).toBeInTheDocument();
    expect(down.getByText("1 entrega")).toBeInTheDocument();
  });

  it("offers the payload capabilities the signed-in account holds, and refuses the screen without webhooks.manage", async () => {
    serve("admin", []);
    const { unmount } = renderPage();
    await screen.findByText("Todavía no hay webhooks.");
    expect(within(carriesGroup()).getAllByRole("checkbox")).toHaveLength(3);
    unmount();
    vi.restoreAllMocks();

    serve("member", []);
    renderPage();
    expect(await screen.findByRole("heading", { name: "Webhooks", level: 1 })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Crear webhook" })).not.toBeInTheDocument();
  });
});
