import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { EventLinks } from "./event-links";

const EVENT = { id: "5b0c7f0e-8f4e-4a53-9d6c-1f2a3b4c5d6e", slug: "casting-de-otono", eventName: "Casting de otoño" };
const LINK = {
  id: "7b0c7f0e-8f4e-4a53-9d6c-1f2a3b4c5d6e",
  eventId: EVENT.id,
  name: "Historia IG 12/3",
  slug: "historia-ig-12-3",
  createdAt: "2026-03-01T12:00:00.000Z",
  registrations: 3,
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderLinks(post: () => Response) {
  const fetchMock = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    if (init?.method === "POST") return post();
    if (String(input).endsWith("/links")) return json([LINK]);
    return json({ publicUrl: "https://casting.example" });
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <EventLinks event={EVENT} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe("an event's tracked links (issue 38)", () => {
  it("lists each link with its address and registrations, and suggests the slug from the name", async () => {
    const fetchMock = renderLinks(() =>
      json({ ...LINK, id: "8b0c7f0e-8f4e-4a53-9d6c-1f2a3b4c5d6e", name: "Grupo de WhatsApp" }, 201),
    );
    const item = (await screen.findByText("Historia IG 12/3")).closest("li")!;
    expect(within(item).getByText("3 registros")).toBeInTheDocument();
    expect(await within(item).findByText("casting.example/e/casting-de-otono/historia-ig-12-3")).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("Nombre"), "Grupo de WhatsApp");
    expect(screen.getByLabelText("Final de la dirección")).toHaveValue("grupo-de-whatsapp");
    await userEvent.click(screen.getByRole("button", { name: "Crear enlace" }));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: "Grupo de WhatsApp", slug: "grupo-de-whatsapp" });
    expect(await screen.findByLabelText("Nombre")).toHaveValue("");
  });

  it("shows a taken slug's refusal under its field", async () => {
    const message = "Este evento ya tiene un enlace que termina en /historia-ig-12-3. Elegí otro final.";
    renderLinks(() => json({ error: { code: "link_slug_taken", message, fields: { slug: message } } }, 409));
    await screen.findByText("Historia IG 12/3");
    await userEvent.type(screen.getByLabelText("Nombre"), "Otra");
    await userEvent.clear(screen.getByLabelText("Final de la dirección"));
    await userEvent.type(screen.getByLabelText("Final de la dirección"), "historia-ig-12-3");
    await userEvent.click(screen.getByRole("button", { name: "Crear enlace" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.getByLabelText("Final de la dirección")).toHaveAttribute("aria-invalid", "true");
  });
});
