/**
 * The registrations screen keeps its state in the address (issue 32): a reload, the back button and
 * a shared link show the same event, filters, page, tab and layout; docs/product.md §4's rules still hold
 * (navigation state and the remembered event, selection and page reset), and a staff member with a
 * single event gets it without choosing.
 */
import type { RegistrationListItem } from "@common/schemas/registrations";
import type { EventSummary } from "@common/schemas/events";
import { SEARCH_DEBOUNCE_MS, STORAGE_KEYS } from "@common/constants";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { RegistrationsPage } from "./registrations-page";
import { EVENT_ID, json, registrationItem, staffReply, testEventSummary } from "./registrations-page.test-support";

const OTHER_EVENT = "2b5c1c9e-7d39-4a4e-9d43-0b1f7f2b6a09";
const TAG = "3b5c1c9e-7d39-4a4e-9d43-0b1f7f2b6a03";
const PATH = "/dashboard/scouting/registrations";

const summary = (id: string, eventName: string): EventSummary => ({ ...testEventSummary, id, eventName });

let events: EventSummary[];
let items: RegistrationListItem[];
let total: number;
/** The query of every list request, in order. */
let listQueries: URLSearchParams[];

beforeEach(() => {
  events = [summary(EVENT_ID, "Casting Otoño"), summary(OTHER_EVENT, "Casting Primavera")];
  items = [
    registrationItem("7d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10", "Ana Pérez"),
    registrationItem("8e8f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a11", "Bruno Díaz"),
  ];
  total = 45;
  listQueries = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = String(input);
    if (url === "/api/tags") return json({ items: [{ id: TAG, name: "Editorial" }] });
    const staff = staffReply(url, events);
    if (staff) return staff;
    if (url.startsWith("/api/registrations?")) {
      const query = new URLSearchParams(url.split("?")[1]);
      listQueries.push(query);
      return json({ items, total, page: Number(query.get("page")), pageSize: Number(query.get("pageSize")) });
    }
    if (url.startsWith("/api/campaigns?")) return json({ items: [] });
    throw new Error(`unexpected request ${url}`);
  });
});

/** The page at `entry`; `router.state.location` is where it stands, which a reload would open again. */
function renderPage(entry: InitialEntry, editRoute: Omit<RouteObject, "path" | "children"> = { element: <p>edit page</p> }) {
  const router = createMemoryRouter(
    [
      { path: PATH, element: <RegistrationsPage /> },
      { path: `${PATH}/:id/edit`, ...editRoute },
    ],
    { initialEntries: [entry] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, unmount: view.unmount };
}

const search = (router: ReturnType<typeof renderPage>["router"]) => new URLSearchParams(router.state.location.search);
const lastList = () => Object.fromEntries(listQueries.at(-1)!.entries());

describe("registrations screen: the address holds the list's state", () => {
  it("opens a shared link as it was: event, toggles, rating, stage, tag, search, order, page, page size, layout", async () => {
    total = 145;
    renderPage(
      `${PATH}?eventId=${EVENT_ID}&liked=true&noShow=true&rating=4&stage=shortlisted&tag=${TAG}&q=ana&sort=panel&page=2&pageSize=50&hideUnconfirmed=true&view=compact`,
    );
    await screen.findByRole("table", { name: "Registros del evento, uno por fila" });
    expect(lastList()).toEqual({
      eventId: EVENT_ID,
      liked: "true",
      noShow: "true",
      rating: "4",
      q: "ana",
      stage: "shortlisted",
      tag: TAG,
      hideUnconfirmed: "true",
      page: "2",
      pageSize: "50",
      sort: "panel",
    });
    expect(screen.getByLabelText("Evento")).toHaveValue(EVENT_ID);
    expect(screen.getByRole("button", { name: "Seleccionadas" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "No vinieron" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Asistieron" })).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByRole("button", { name: "Ocultar cancelados y sin verificar" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByLabelText("Calificación")).toHaveValue("4");
    expect(screen.getByLabelText("Etapa")).toHaveValue("shortlisted");
    expect(await screen.findByRole("option", { name: "Editorial" })).toBeInTheDocument();
    expect(screen.getByLabelText("Etiqueta")).toHaveValue(TAG);
    expect(screen.getByRole("searchbox", { name: "Buscar" })).toHaveValue("ana");
    expect(screen.getByLabelText("Orden")).toHaveValue("panel");
    expect(screen.getByLabelText("Por página")).toHaveValue("50");
    expect(screen.getByRole("button", { name: "Página 2" })).toHaveAttribute("aria-current", "page");
  });

  it("writes each change into the address, and a reload shows the same list", async () => {
    const user = userEvent.setup();
    const first = renderPage({ pathname: PATH, state: { eventId: EVENT_ID } });
    await screen.findByRole("listitem", { name: "Ana Pérez" });
    // The event that came with the navigation is written into the address.
    await waitFor(() => expect(search(first.router).get("eventId")).toBe(EVENT_ID));

    await user.click(screen.getByRole("button", { name: "Asistieron" }));
    await waitFor(() => expect(lastList().attended).toBe("true"));
    await user.selectOptions(screen.getByLabelText("Etapa"), "callback");
    await waitFor(() => expect(lastList().stage).toBe("callback"));
    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "bru");
    // Once the debounce has passed, the list asks for it.
    await waitFor(() => expect(lastList().q).toBe("bru"));
    await user.click(screen.getByRole("button", { name: "Página 3" }));
    await user.click(screen.getByRole("tab", { name: "Historial de emails" }));
    expect(Object.fromEntries(search(first.router).entries())).toEqual({
      eventId: EVENT_ID,
      attended: "true",
      stage: "callback",
      q: "bru",
      page: "3",
      tab: "history",
    });

    // A reload: the same address, nothing else (no navigation state, a new page).
    const address = `${first.router.state.location.pathname}${first.router.state.location.search}`;
    first.unmount();
    localStorage.clear();
    listQueries = [];
    renderPage(address);
    expect(await screen.findByRole("tab", { name: "Historial de emails" })).toHaveAttribute("aria-selected", "true");
    await user.click(screen.getByRole("tab", { name: "Registros" }));
    await screen.findByRole("listitem", { name: "Ana Pérez" });
    expect(lastList()).toMatchObject({ eventId: EVENT_ID, attended: "true", stage: "callback", q: "bru", page: "3" });
    expect(screen.getByRole("searchbox", { name: "Buscar" })).toHaveValue("bru");
    expect(screen.getByRole("button", { name: "Asistieron" })).toHaveAttribute("aria-pressed", "true");
  });

  it("goes back to page 1 on a filter, and clears the selection on a filter or a page", async () => {
    const user = userEvent.setup();
    const { router } = renderPage(`${PATH}?eventId=${EVENT_ID}&page=2`);
    await screen.findByRole("listitem", { name: "Ana Pérez" });
    await user.click(screen.getByRole("checkbox", { name: "Seleccionar a Ana Pérez" }));
    expect(screen.getByRole("region", { name: "1 seleccionada" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Seleccionadas" }));
    expect(search(router).get("page")).toBeNull();
    expect(search(router).get("liked")).toBe("true");
    expect(screen.queryByRole("region", { name: /seleccionada/ })).toBeNull();
    expect(screen.getByRole("checkbox", { name: "Seleccionar a Ana Pérez" })).not.toBeChecked();

    await user.click(screen.getByRole("checkbox", { name: "Seleccionar a Bruno Díaz" }));
    await user.click(screen.getByRole("button", { name: "Siguiente" }));
    expect(search(router).get("page")).toBe("2");
    expect(screen.queryByRole("region", { name: /seleccionada/ })).toBeNull();
  });

  it("shows the event remembered on this device, and puts it in the address", async () => {
    localStorage.setItem(STORAGE_KEYS.selectedEventId, OTHER_EVENT);
    const { router } = renderPage(PATH);
    await screen.findByRole("listitem", { name: "Ana Pérez" });
    expect(lastList().eventId).toBe(OTHER_EVENT);
    await waitFor(() => expect(search(router).get("eventId")).toBe(OTHER_EVENT));
  });

  it("chooses the event by itself when the staff member has only one", async () => {
    events = [summary(EVENT_ID, "Casting Otoño")];
    const { router } = renderPage(PATH);
    // While the events load, no prompt to choose one flashes by.
    expect(await screen.findAllByText("Cargando registros...")).not.toHaveLength(0);
    expect(screen.queryByText("Por favor seleccioná un evento para ver los registros.")).toBeNull();
    await screen.findByRole("listitem", { name: "Ana Pérez" });
    expect(screen.getByLabelText("Evento")).toHaveValue(EVENT_ID);
    expect(screen.queryByText("Por favor seleccioná un evento para ver los registros.")).toBeNull();
    await waitFor(() => expect(search(router).get("eventId")).toBe(EVENT_ID));
    expect(localStorage.getItem(STORAGE_KEYS.selectedEventId)).toBe(EVENT_ID);
  });

  it("with several events and none chosen, asks for one; choosing none stays none", async () => {
    const user = userEvent.setup();
    const { router } = renderPage(`${PATH}?eventId=${EVENT_ID}`);
    await screen.findByRole("listitem", { name: "Ana Pérez" });
    await user.selectOptions(screen.getByLabelText("Evento"), "");
    expect(await screen.findAllByText("Por favor seleccioná un evento para ver los registros.")).not.toHaveLength(0);
    expect(search(router).get("eventId")).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.selectedEventId)).toBeNull();
  });
});

describe("registrations screen: an empty list says why", () => {
  it("an event nobody registered for says so, not that no registration matches the filters", async () => {
    items = [];
    total = 0;
    renderPage(`${PATH}?eventId=${EVENT_ID}`);
    expect(await screen.findByText("Todavía no hay registros para este evento.")).toBeInTheDocument();
    expect(screen.queryByText("No se encontraron registros que coincidan con los filtros.")).toBeNull();
  });

  it("a filter that leaves nothing keeps SPEC's text", async () => {
    items = [];
    total = 0;
    renderPage(`${PATH}?eventId=${EVENT_ID}&liked=true`);
    expect(await screen.findByText("No se encontraron registros que coincidan con los filtros.")).toBeInTheDocument();
    expect(screen.queryByText("Todavía no hay registros para este evento.")).toBeNull();
  });

  it("says why the fast review cannot open", async () => {
    const user = userEvent.setup();
    items = [];
    total = 0;
    renderPage(PATH);
    const review = await screen.findByRole("button", { name: "Revisión rápida" });
    expect(review).toBeDisabled();
    await waitFor(() => expect(review).toHaveAccessibleDescription("Elegí un evento para revisar sus registros."));
    expect(within(review.parentElement!).getByText("Elegí un evento para revisar sus registros.")).toBeVisible();

    await screen.findByRole("option", { name: /Casting Otoño/ });
    await user.selectOptions(screen.getByLabelText("Evento"), EVENT_ID);
    await waitFor(() => expect(review).toHaveAccessibleDescription("Todavía no hay registros para revisar en este evento."));
    await user.click(screen.getByRole("button", { name: "Asistieron" }));
    await waitFor(() => expect(review).toHaveAccessibleDescription("No hay registros para revisar con estos filtros."));
  });

  it("a link clicked while the search waits for its debounce wins over the search, even while its page loads", async () => {
    const user = userEvent.setup();
    let loaded!: () => void;
    const editPageLoads = new Promise<void>((resolve) => (loaded = resolve));
    const { router } = renderPage(`${PATH}?eventId=${EVENT_ID}`, {
      lazy: async () => {
        await editPageLoads;
        return { element: <p>edit page</p> };
      },
    });
    await screen.findByText("Ana Pérez");
    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "ana");
    await user.click(screen.getByRole("link", { name: "Editar registro de Ana Pérez" }));
    // The search's debounce ends while the edit page is still loading.
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 200));
    loaded();
    expect(await screen.findByText("edit page")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${PATH}/7d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10/edit`);
  });
});
