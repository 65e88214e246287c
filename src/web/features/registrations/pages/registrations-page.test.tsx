import { sessionUser } from "@web/test/session";
import type { CampaignDetail, CampaignSummary } from "@common/schemas/campaigns";
import type { RegistrationDetail, RegistrationListItem } from "@common/schemas/registrations";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { downloadRegistrationSheet } from "@web/lib/registration-sheet";
import { RegistrationsPage } from "./registrations-page";
import { EVENT_ID, registrationItem, SLOT_ID, testEvent } from "./registrations-page.test-support";

const event = testEvent;
const timeslot = { id: SLOT_ID, startTime: "10:00", endTime: "11:00" };

// jsPDF itself is covered by the public journey; here: the sheet gets the right data.
vi.mock("@web/lib/registration-sheet", () => ({ downloadRegistrationSheet: vi.fn(async () => {}) }));

const ANA = "7d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10";
const BRUNO = "8e8f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a11";
const CARLA = "9f8f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a12";

function item(id: string, fullName: string, overrides: Partial<RegistrationListItem> = {}): RegistrationListItem {
  return registrationItem(id, fullName, { instagramHandle: "ana.ig", ...overrides });
}

const CAMPAIGN: CampaignSummary = {
  id: "c-1",
  subject: "Aviso de horario",
  isHtml: false,
  status: "completed",
  recipientCount: 2,
  sentAt: "2026-03-01T15:00:00.000Z",
  completedAt: "2026-03-01T15:01:00.000Z",
  event: { id: EVENT_ID, eventName: "Casting Otoño" },
  creator: { fullName: "Boss", email: "boss@agency.test" },
  counts: { queued: 0, sent: 2, failed: 0, read: 0, mailbox: 0 },
};
const CAMPAIGN_DETAIL: CampaignDetail = {
  ...CAMPAIGN,
  content: "Hola {nombre}",
  recipients: [
    {
      id: "r1",
      registrationId: BRUNO,
      fullName: "Bruno Díaz",
      email: "bruno@example.com",
      status: "sent",
      errorMessage: null,
      sentAt: "2026-03-01T15:00:30.000Z",
      readAt: null,
    },
    {
      id: "r2",
      registrationId: CARLA,
      fullName: "Carla Gómez",
      email: "carla@example.com",
      status: "sent",
      errorMessage: null,
      sentAt: "2026-03-01T15:00:31.000Z",
      readAt: null,
    },
  ],
};

interface ApiState {
  items: RegistrationListItem[];
  campaigns: CampaignSummary[];
  campaignPosts: unknown[];
  listRequests: number;
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function mockApi(state: ApiState) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    if (url === "/api/session") {
      return json({ user: sessionUser("admin", { id: "u1", email: "boss@agency.test", fullName: "Boss", status: "approved" }) });
    }
    if (url === "/api/events?fields=summary") {
      return json([
        { id: EVENT_ID, scoutingId: "EV-1", eventName: event.eventName, eventDate: event.eventDate, status: "active" },
      ]);
    }
    if (url.startsWith("/api/registrations?")) {
      state.listRequests += 1;
      return json({ items: state.items, total: state.items.length, page: 1, pageSize: 20 });
    }
    if (url === "/api/campaigns" && method === "POST") {
      state.campaignPosts.push(JSON.parse(String(init?.body)));
      // The server now counts the campaign on each recipient's row.
      state.items = state.items.map((r) => (r.id === ANA || r.id === CARLA ? { ...r, campaignCount: r.campaignCount + 1 } : r));
      return json({ campaignId: "c-new", message: "2 correos en cola de envío" }, 202);
    }
    if (url === `/api/campaigns?eventId=${EVENT_ID}`) return json({ items: state.campaigns });
    if (url === `/api/registrations/${CARLA}/campaigns`) {
      return json({
        items: [
          {
            id: "c-1",
            subject: "Aviso de horario",
            sentAt: "2026-03-01T15:00:00.000Z",
            status: "completed",
            recipientStatus: "sent",
          },
        ],
      });
    }
    if (url === "/api/campaigns/c-1") return json(CAMPAIGN_DETAIL);
    if (url === `/api/registrations/${ANA}`) {
      const detail: RegistrationDetail = {
        ...item(ANA, "Ana Pérez"),
        event: { ...event, description: "Traé ropa negra.", confirmationDetails: "Llegá 15 minutos antes." },
        timeslots: [{ ...timeslot, capacity: 10, availableSpots: 4 }],
      };
      const { campaignCount: _unused, ...withoutCount } = detail as RegistrationDetail & { campaignCount?: number };
      return json(withoutCount);
    }
    throw new Error(`unexpected request ${method} ${url}`);
  });
}

function renderPage() {
  const router = createMemoryRouter([{ path: "/dashboard/scouting/registrations", element: <RegistrationsPage /> }], {
    initialEntries: [{ pathname: "/dashboard/scouting/registrations", state: { eventId: EVENT_ID } }],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

let state: ApiState;
beforeEach(() => {
  state = {
    items: [item(ANA, "Ana Pérez"), item(BRUNO, "Bruno Díaz"), item(CARLA, "Carla Gómez", { campaignCount: 2 })],
    campaigns: [],
    campaignPosts: [],
    listRequests: 0,
  };
  mockApi(state);
});
afterEach(() => {
  vi.mocked(downloadRegistrationSheet).mockClear();
});

describe("registrations screen: e-mail campaigns", () => {
  it("shows the campaign badge only on rows included in a campaign", async () => {
    renderPage();
    const carla = await screen.findByRole("listitem", { name: "Carla Gómez" });
    expect(
      within(carla).getByRole("button", { name: /Incluido en 2 campaña\(s\) de correo para este evento/ }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole("listitem", { name: "Ana Pérez" })).queryByText(/Incluido en/)).toBeNull();
  });

  it("jumps from a row's badge to that campaign in the history tab, with the model highlighted", async () => {
    state.campaigns = [CAMPAIGN];
    const user = userEvent.setup();
    renderPage();
    const carla = await screen.findByRole("listitem", { name: "Carla Gómez" });
    await user.click(within(carla).getByRole("button", { name: /Incluido en 2 campaña\(s\)/ }));
    await user.click(await screen.findByRole("button", { name: /Aviso de horario/ }));

    expect(screen.getByRole("tab", { name: "Historial de emails" })).toHaveAttribute("aria-selected", "true");
    const highlighted = await screen.findByRole("row", { current: true });
    expect(within(highlighted).getByText("Carla Gómez")).toBeInTheDocument();
  });

  it("repeats the chosen event's whole name and date under the selector, which a phone cuts off", async () => {
    renderPage();
    expect(await screen.findByTestId("chosen-event")).toHaveTextContent("Casting Otoño — 05/03/26");
  });

  it("labels the selection bar's actions with visible words at every width (not icons only on a phone)", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("checkbox", { name: "Seleccionar a Ana Pérez" }));
    const bar = screen.getByRole("region", { name: "1 seleccionada" });
    for (const action of [
      within(bar).getByRole("link", { name: "Exportar CSV" }),
      within(bar).getByRole("button", { name: "Enviar email" }),
    ]) {
      expect(action.querySelector("[class*='sr-only']")).toBeNull();
      expect(action).toHaveTextContent(/\w/);
    }
  });

  it("sends to the selection, then clears it, opens the history tab and refreshes the rows' badges", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("checkbox", { name: "Seleccionar a Ana Pérez" }));
    await user.click(screen.getByRole("checkbox", { name: "Seleccionar a Carla Gómez" }));

    const bar = screen.getByRole("region", { name: "2 seleccionadas" });
    await user.click(within(bar).getByRole("button", { name: "Enviar email" }));
    const dialog = await screen.findByRole("dialog", { name: "Enviar correo a modelos seleccionados" });
    expect(within(dialog).getByText("Destinatarios: 2")).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("Mensaje"), "Hola {{nombre}");
    await user.click(within(dialog).getByRole("button", { name: "Enviar" }));
    expect(await within(dialog).findByText("¿Confirmás el envío de emails a 2 modelos?")).toBeInTheDocument();
    const listRequestsBefore = state.listRequests;
    await user.click(within(dialog).getByRole("button", { name: "Sí, enviar" }));

    // The tab is in the address: the router applies it in a transition, after the send's reply.
    await waitFor(
      () => expect(screen.getByRole("tab", { name: "Historial de emails" })).toHaveAttribute("aria-selected", "true"),
      { timeout: 5_000 },
    );
    expect(state.campaignPosts).toEqual([
      expect.objectContaining({ eventId: EVENT_ID, registrationIds: [ANA, CARLA], content: "Hola {nombre}", isHtml: false }),
    ]);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("region", { name: /seleccionada/ })).toBeNull();
    expect(await screen.findByText("No hay campañas de correo para mostrar")).toBeInTheDocument();

    // Back on the list: nothing selected, and the badges count the new campaign.
    await waitFor(() => expect(state.listRequests).toBeGreaterThan(listRequestsBefore));
    await user.click(screen.getByRole("tab", { name: "Registros" }));
    const ana = await screen.findByRole("listitem", { name: "Ana Pérez" });
    expect(within(ana).getByRole("checkbox", { name: "Seleccionar a Ana Pérez" })).not.toBeChecked();
    expect(await within(ana).findByRole("button", { name: /Incluido en 1 campaña\(s\)/ })).toBeInTheDocument();
    expect(
      within(screen.getByRole("listitem", { name: "Carla Gómez" })).getByRole("button", { name: /Incluido en 3 campaña\(s\)/ }),
    ).toBeInTheDocument();
  });
});

describe("registrations screen: PDF sheet", () => {
  it("builds the sheet from the registration, event details included", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Descargar ficha de Ana Pérez" }));
    await waitFor(() => expect(downloadRegistrationSheet).toHaveBeenCalledTimes(1));
    expect(vi.mocked(downloadRegistrationSheet).mock.calls[0]![0]).toMatchObject({
      registrationCode: "REG-ANA",
      fullName: "Ana Pérez",
      dateOfBirth: "2000-04-09",
      location: "Rosario",
      email: "ana@example.com",
      phoneNumber: "1155554444",
      height: 175,
      bust: 90,
      waist: null,
      hips: 95,
      eyeColor: "Miel",
      instagramHandle: "ana.ig",
      internationalWork: true,
      event: {
        eventName: "Casting Otoño",
        eventDate: "2026-03-05",
        location: "Av. Corrientes 1234",
        description: "Traé ropa negra.",
        confirmationDetails: "Llegá 15 minutos antes.",
      },
      timeslot: { startTime: "10:00", endTime: "11:00" },
    });
  });

  it("offers no sheet for a row without a registration code", async () => {
    state.items = [item(BRUNO, "Bruno Díaz", { registrationCode: "" })];
    renderPage();
    await screen.findByRole("listitem", { name: "Bruno Díaz" });
    expect(screen.queryByRole("button", { name: "Descargar ficha de Bruno Díaz" })).toBeNull();
  });
});

describe("registrations screen: CSV download", () => {
  it("downloads what the filters say at the click, a search typed a moment before included", async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText("Ana Pérez");
    const link = screen.getByRole("link", { name: "Descargar CSV" });
    // The link's own default: no navigation in the test's document, only the address it would fetch.
    link.addEventListener("click", (event) => event.preventDefault());
    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "ana");
    // Clicked before the search's debounce has reached the address.
    await user.click(link);
    const url = new URL(link.getAttribute("href")!, "http://localhost");
    expect(url.searchParams.get("eventId")).toBe(EVENT_ID);
    expect(url.searchParams.get("q")).toBe("ana");
  });
});
