import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { EVENT_ID } from "../casting-day.test-support";
import { atTenOnTheEventsDay, card, EVENT, pass, renderPage, serve } from "./casting-day-page.test-support";

atTenOnTheEventsDay();

describe("the event's casting day: door passes (issue 35)", () => {
  it("makes a door pass that lasts to the end of the event's day, shows its link and QR code once, and lists it", async () => {
    const sent: unknown[] = [];
    const made = pass({
      id: "7a000000-0000-4000-8000-000000000002",
      name: "Juli en la puerta",
      expiresAt: "2026-03-06T02:59:00.000Z",
    });
    serve({
      passes: [[], [made]],
      more: {
        [`POST /api/events/${EVENT_ID}/door-passes`]: (body) => {
          sent.push(body);
          return {
            status: 201,
            body: { id: made.id, url: "https://casting.example/door?p=secret-pass", expiresAt: made.expiresAt },
          };
        },
      },
    });
    const user = userEvent.setup();
    renderPage();
    const passes = await card("Pases de puerta");
    expect(await passes.findByText("Todavía no hay pases para este evento.")).toBeInTheDocument();
    expect(passes.getByLabelText("Vence")).toHaveValue("2026-03-05T23:59");

    await user.type(passes.getByLabelText("Nombre del voluntario"), "Juli en la puerta");
    await user.click(passes.getByRole("button", { name: "Crear pase" }));

    const link = await passes.findByLabelText("Enlace del pase");
    expect(sent).toEqual([{ name: "Juli en la puerta", expiresAt: "2026-03-05T23:59:00-03:00" }]);
    expect(link).toHaveValue("https://casting.example/door?p=secret-pass");
    expect(link).toHaveAttribute("readonly");
    const panel = passes.getByText(/Pase creado para/).closest<HTMLElement>('[role="status"]')!;
    expect(panel).toHaveTextContent("Pase creado para Juli en la puerta: vence a las 23:59");
    expect(panel).toHaveTextContent("Copialo ahora: por seguridad no se vuelve a mostrar.");
    expect(await within(panel).findByRole("img", { name: "Código QR del pase de Juli en la puerta" })).toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Copiar" }));
    await expect(navigator.clipboard.readText()).resolves.toBe("https://casting.example/door?p=secret-pass");

    const item = within(await passes.findByTestId("door-passes")).getByRole("listitem");
    expect(item).toHaveTextContent("Juli en la puerta");
    expect(item).toHaveTextContent("Vence: 05/03/26, 23:59");
    expect(item).toHaveTextContent("Último uso: Nunca · por Ana");

    await user.click(within(panel).getByRole("button", { name: "Listo" }));
    expect(passes.queryByLabelText("Enlace del pase")).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(/secret-pass/)).not.toBeInTheDocument();
    await waitFor(() => expect(passes.getByLabelText("Nombre del voluntario")).toHaveFocus());
  });

  it("keeps a pass within 24 hours: the default stops there for a later event, and a later expiry is refused before sending", async () => {
    const fetchMock = serve({ event: { ...EVENT, eventDate: "2026-03-07" } });
    const user = userEvent.setup();
    renderPage();
    const expiry = await screen.findByLabelText("Vence");
    expect(expiry).toHaveValue("2026-03-06T10:00");
    await user.type(screen.getByLabelText("Nombre del voluntario"), "Juli");
    fireEvent.change(expiry, { target: { value: "2026-03-06T10:30" } });
    await user.click(screen.getByRole("button", { name: "Crear pase" }));
    expect(await screen.findByText("Un pase dura como mucho 24 horas desde ahora.")).toBeInTheDocument();
    await waitFor(() => expect(expiry).toHaveFocus());
    fireEvent.change(expiry, { target: { value: "2026-03-05T09:00" } });
    await user.click(screen.getByRole("button", { name: "Crear pase" }));
    expect(await screen.findByText("Elegí un momento que todavía no pasó.")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("lists passes with their expiry and last use, and revokes one after asking", async () => {
    const used = pass({ lastUsedAt: "2026-03-05T12:45:00.000Z" });
    const old = pass({ id: "7a000000-0000-4000-8000-000000000003", name: "Pato", expiresAt: "2026-03-05T12:00:00.000Z" });
    const deleted: string[] = [];
    serve({
      passes: [[used, old], [old]],
      more: {
        [`DELETE /api/door-passes/${used.id}`]: () => {
          deleted.push(used.id);
          return { status: 204 };
        },
      },
    });
    const user = userEvent.setup();
    renderPage();
    const items = within(await screen.findByTestId("door-passes")).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Vence: 05/03/26, 18:00");
    expect(items[0]).toHaveTextContent("Último uso: 05/03/26, 09:45");
    expect(items[1]).toHaveTextContent("Vencido");
    expect(items[1]).toHaveTextContent("Venció: 05/03/26, 09:00");

    await user.click(within(items[0]!).getByRole("button", { name: "Revocar el pase de Juli" }));
    const dialog = await screen.findByRole("dialog", { name: "¿Revocar el pase de Juli?" });
    expect(dialog).toHaveTextContent("El teléfono que lo usa sale en el acto y el enlace deja de servir.");
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    expect(deleted).toEqual([]);

    await user.click(within(items[0]!).getByRole("button", { name: "Revocar el pase de Juli" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Revocar pase" }));
    expect(await screen.findByText("Pase de Juli revocado.")).toBeInTheDocument();
    expect(deleted).toEqual([used.id]);
    await waitFor(() => expect(within(screen.getByTestId("door-passes")).getAllByRole("listitem")).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole("heading", { name: "Pases de este evento" })).toHaveFocus());
  });
});
