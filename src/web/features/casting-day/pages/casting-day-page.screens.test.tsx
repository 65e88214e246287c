import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { EVENT_ID } from "../casting-day.test-support";
import { atTenOnTheEventsDay, EVENT, renderPage, screenKey, serve } from "./casting-day-page.test-support";

atTenOnTheEventsDay();

describe("the event's casting day: venue screens and walk-ins (issue 35)", () => {
  it("makes a venue screen, shows its address once with a way to open it, and revokes one after asking", async () => {
    const made = screenKey({ id: "7b000000-0000-4000-8000-000000000002", name: "TV del fondo" });
    const existing = screenKey();
    const deleted: string[] = [];
    serve({
      keys: [[existing], [existing, made], [made]],
      more: {
        [`POST /api/events/${EVENT_ID}/display-keys`]: (body) => ({
          status: 201,
          body: {
            ...made,
            name: (body as { name: string }).name,
            url: `https://casting.example/events/${EVENT_ID}/display?key=k`,
          },
        }),
        [`DELETE /api/display-keys/${existing.id}`]: () => {
          deleted.push(existing.id);
          return { status: 204 };
        },
      },
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText("TV de la entrada")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Crear pantalla" }));
    expect(await screen.findByText("Escribí el nombre de la pantalla.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Nombre de la pantalla"), "TV del fondo");
    await user.click(screen.getByRole("button", { name: "Crear pantalla" }));
    const address = await screen.findByLabelText("Dirección de la pantalla");
    expect(address).toHaveValue(`https://casting.example/events/${EVENT_ID}/display?key=k`);
    expect(screen.getByRole("link", { name: "Abrir la pantalla" })).toHaveAttribute(
      "href",
      `https://casting.example/events/${EVENT_ID}/display?key=k`,
    );
    await user.click(screen.getByRole("button", { name: "Listo" }));
    expect(screen.queryByLabelText("Dirección de la pantalla")).not.toBeInTheDocument();

    await user.click(await screen.findByRole("button", { name: "Revocar la pantalla TV de la entrada" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "¿Revocar la pantalla TV de la entrada?" })).getByRole("button", {
        name: "Revocar pantalla",
      }),
    );
    expect(await screen.findByText("Pantalla TV de la entrada revocada.")).toBeInTheDocument();
    expect(deleted).toEqual([existing.id]);
  });

  it("says whether people may register at the door, with the cap, and downloads the poster or says why not", async () => {
    // jsdom makes no object URLs and follows no download link: the file handed to the browser is what counts.
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    for (const name of ["createObjectURL", "revokeObjectURL"] as const) {
      Object.defineProperty(URL, name, { configurable: true, value: vi.fn(() => "blob:poster") });
      onTestFinished(() => {
        Reflect.deleteProperty(URL, name);
      });
    }
    let refuse = false;
    serve({
      more: {
        [`GET /api/events/${EVENT_ID}/walk-in-poster.pdf`]: () =>
          refuse
            ? { status: 409, body: { error: { code: "walk_ins_off", message: "El registro en la puerta está desactivado." } } }
            : { status: 200, body: "%PDF" },
      },
    });
    const user = userEvent.setup();
    renderPage();
    const walkIns = await screen.findByRole("heading", { level: 2, name: /Registro en la puerta/ });
    expect(walkIns).toHaveTextContent("Activado");
    expect(screen.getByText(/hasta 80 registros por día/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Cambiar en el evento" })).toHaveAttribute(
      "href",
      `/dashboard/scouting/events/${EVENT_ID}/edit`,
    );

    await user.click(screen.getByRole("button", { name: "Descargar el cartel (PDF)" }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe(
      "cartel-registro-en-la-puerta-casting-de-otono.pdf",
    );

    refuse = true;
    await user.click(screen.getByRole("button", { name: "Descargar el cartel (PDF)" }));
    expect(await screen.findByText("El registro en la puerta está desactivado.")).toBeInTheDocument();
  });

  it("without walk-ins, offers no poster and says where to turn them on", async () => {
    serve({ event: { ...EVENT, walkIns: { enabled: false, dailyCap: null } } });
    renderPage();
    expect(
      await screen.findByText("Solo entran quienes se inscribieron. Activalo en el evento para imprimir el cartel."),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: /Registro en la puerta/ })).toHaveTextContent("Desactivado");
    expect(screen.queryByRole("button", { name: "Descargar el cartel (PDF)" })).not.toBeInTheDocument();
  });
});
