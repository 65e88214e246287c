/** The card's short address (issue 32): copied, as a QR code, on a poster. */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { Toaster } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { LanguageProvider } from "@web/lib/language";
import { qrPath, qrRuns } from "@web/lib/qr";
import { scoutingEvent } from "../events.test-support";
import { EventCard } from "./event-card";

const poster = vi.hoisted(() => ({ downloadEventPoster: vi.fn() }));
vi.mock("../poster/event-poster", () => poster);

const EVENT = scoutingEvent({ description: "" });
const LINK = "https://casting.agencia.test/e/casting-de-otono";

function renderCard() {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) =>
    String(input) === "/api/public/settings"
      ? new Response(JSON.stringify({ publicUrl: "https://casting.agencia.test" }), {
          headers: { "content-type": "application/json" },
        })
      : new Response("{}", { status: 404 }),
  );
  render(
    <LanguageProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <EventCard event={EVENT} canEdit={false} />
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </LanguageProvider>,
  );
}

/** The browser's clipboard: writes recorded, or refused (permissions, an insecure page). */
function clipboard(behaviour: "works" | "refuses" | "absent") {
  const writeText = vi.fn(async (_text: string) => {
    if (behaviour === "refuses") throw new DOMException("Write permission denied.", "NotAllowedError");
  });
  Object.defineProperty(navigator, "clipboard", {
    configurable: true,
    value: behaviour === "absent" ? undefined : { writeText },
  });
  return writeText;
}

/** Files the page hands to the browser: their names and contents. */
function downloads() {
  const saved: Array<{ name: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return saved;
}

beforeEach(() => poster.downloadEventPoster.mockReset());

describe("an event card's link", () => {
  it("shows the short address and opens it in a new tab from a labelled icon", async () => {
    renderCard();
    expect(await screen.findByText("casting.agencia.test/e/casting-de-otono")).toBeInTheDocument();
    const open = screen.getByRole("link", { name: "Abrir la página pública de registro de Casting de otoño (nueva pestaña)" });
    expect(open).toHaveAttribute("href", "/e/casting-de-otono");
    expect(open).toHaveAttribute("target", "_blank");
  });

  it("'Copiar enlace' copies the short address from the public URL and confirms it, by mouse or keyboard", async () => {
    const writeText = clipboard("works");
    renderCard();
    await screen.findByText("casting.agencia.test/e/casting-de-otono");
    const copy = screen.getByRole("button", { name: "Copiar enlace de Casting de otoño" });
    expect(copy).toHaveTextContent("Copiar enlace");
    await userEvent.click(copy);
    expect(writeText).toHaveBeenLastCalledWith(LINK);
    expect(await screen.findByText(`Enlace copiado: ${LINK}`)).toBeInTheDocument();

    copy.focus();
    await userEvent.keyboard("{Enter}");
    expect(writeText).toHaveBeenCalledTimes(2);
  });

  it.each(["refuses", "absent"] as const)(
    "shows the address selected, to copy by hand, where the clipboard %s",
    async (behaviour) => {
      clipboard(behaviour);
      renderCard();
      await screen.findByText("casting.agencia.test/e/casting-de-otono");
      const copy = screen.getByRole("button", { name: "Copiar enlace de Casting de otoño" });
      await userEvent.click(copy);
      const dialog = await screen.findByRole("dialog", { name: "Copiá el enlace" });
      const field = within(dialog).getByLabelText("Enlace de la página de registro");
      expect(field).toHaveValue(LINK);
      expect(field).toHaveFocus();
      expect([(field as HTMLInputElement).selectionStart, (field as HTMLInputElement).selectionEnd]).toEqual([0, LINK.length]);
      await userEvent.keyboard("{Escape}");
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
      expect(copy).toHaveFocus();
    },
  );

  it("shows the QR code of the short address in a dialog and downloads it as SVG", async () => {
    const saved = downloads();
    renderCard();
    await screen.findByText("casting.agencia.test/e/casting-de-otono");
    await userEvent.click(screen.getByRole("button", { name: "Código QR del enlace de Casting de otoño" }));
    const dialog = await screen.findByRole("dialog", { name: "Código QR de Casting de otoño" });
    const image = await within(dialog).findByRole("img", { name: `Código QR que abre ${LINK}` });
    const expected = qrPath(await qrRuns(LINK));
    expect(image.querySelector("path")).toHaveAttribute("d", expected);

    await userEvent.click(within(dialog).getByRole("button", { name: "Descargar SVG" }));
    expect(saved.map((file) => file.name)).toEqual(["qr-casting-de-otono.svg"]);
    const svg = await saved[0]!.blob.text();
    expect(saved[0]!.blob.type).toBe("image/svg+xml");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain(`d="${expected}"`);
    expect(within(dialog).getByRole("button", { name: "Descargar PNG" })).toBeInTheDocument();
  });

  it("'Afiche' makes the printable poster of the event and its short address, and says so when it fails", async () => {
    renderCard();
    await screen.findByText("casting.agencia.test/e/casting-de-otono");
    const button = screen.getByRole("button", { name: "Descargar el afiche de Casting de otoño para imprimir (PDF)" });
    expect(button).toHaveTextContent("Afiche");
    await userEvent.click(button);
    await waitFor(() => expect(poster.downloadEventPoster).toHaveBeenCalledOnce());
    expect(poster.downloadEventPoster).toHaveBeenCalledWith(
      expect.objectContaining({ eventName: "Casting de otoño", eventDate: "2026-03-05", slug: "casting-de-otono" }),
      LINK,
      "es-AR",
    );

    vi.spyOn(console, "warn").mockImplementation(() => {});
    poster.downloadEventPoster.mockRejectedValueOnce(new Error("no memory"));
    await userEvent.click(button);
    expect(await screen.findByText("No se pudo generar el afiche. Probá de nuevo.")).toBeInTheDocument();
    expect(button).toBeEnabled();
  });
});
