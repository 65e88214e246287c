import type { AuditResponse, AuditTrailEntry } from "@common/schemas/privacy";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "@web/test/render-route";
import { AuditPage } from "./audit-page";

const uuid = (n: number) => `0d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a${String(n).padStart(2, "0")}`;

const entry = (overrides: Partial<AuditTrailEntry>): AuditTrailEntry => ({
  id: 1,
  at: "2026-03-05T13:05:00.000Z",
  actorId: "staff-1",
  actorEmail: "carla@agency.test",
  actorName: "Carla Scout",
  actorRole: "member",
  actorToken: null,
  action: "registration.view",
  registrationId: uuid(1),
  registrationName: "Julia Presente",
  registrationCode: "OC-3DHEMC",
  registrationGone: false,
  userId: null,
  userName: null,
  userEmail: null,
  eventId: uuid(2),
  eventName: "Casting Otoño",
  ip: "203.0.113.7",
  details: {},
  ...overrides,
});

const items: AuditTrailEntry[] = [
  entry({ id: 3, action: "registration.photo_view", eventId: null }),
  entry({
    id: 2,
    action: "registration.edit",
    registrationId: uuid(3),
    registrationName: null,
    registrationCode: null,
    registrationGone: true,
    details: { fields: ["fullName", "phoneNumber"] },
  }),
  entry({
    id: 1,
    action: "user.role_change",
    registrationId: null,
    registrationName: null,
    registrationCode: null,
    eventId: null,
    eventName: null,
    userId: "staff-2",
    userName: "Nueva Admin",
    userEmail: "nueva@agency.test",
    actorId: "staff-9",
    actorName: null,
    actorEmail: null,
    details: { from: "member", to: "admin" },
  }),
];

function serve(total = items.length) {
  const urls: URL[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input), "http://localhost");
    urls.push(url);
    if (url.pathname !== "/api/audit") throw new Error(`unexpected fetch ${url.pathname}`);
    const body: AuditResponse = { items, total, page: Number(url.searchParams.get("page") ?? 1), pageSize: 50 };
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  });
  return urls;
}

const renderAudit = (path = "/dashboard/admin/audit") =>
  renderRoutes([{ path: "/dashboard/admin/audit", element: <AuditPage /> }], path);

afterEach(() => vi.restoreAllMocks());

describe("the audit trail", () => {
  it("shows names, not ids: the staff member, the person (or that the registration is gone), the event; details in words", async () => {
    serve();
    renderAudit();
    const rows = await screen.findAllByTestId("audit-entry");
    expect(rows).toHaveLength(3);
    const [photos, edit, role] = rows.map((row) => within(row));

    expect(photos!.getByText("Vio las fotos de una persona")).toBeInTheDocument();
    expect(photos!.getByText("Consultas")).toBeInTheDocument();
    expect(photos!.getByText("Carla Scout")).toBeInTheDocument();
    expect(photos!.getByText("Julia Presente (OC-3DHEMC)")).toBeInTheDocument();
    expect(photos!.getByText(/Evento: Casting Otoño/)).toBeInTheDocument();

    expect(edit!.getByText("Inscripción borrada")).toBeInTheDocument();
    expect(edit!.getByText("Campos: Nombre completo, Teléfono")).toBeInTheDocument();

    expect(role!.getByText("Cuenta borrada")).toBeInTheDocument(); // the actor's account is gone
    expect(role!.getByText("Nueva Admin")).toBeInTheDocument();
    expect(role!.getByText("miembro → admin")).toBeInTheDocument();

    const text = document.body.textContent ?? "";
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(text).not.toContain("{");
    expect(text).not.toContain("staff-");
  });

  it("filters by kind at once, back to the first page, and pages through the rest", async () => {
    const user = userEvent.setup();
    const urls = serve(120);
    renderAudit("/dashboard/admin/audit?page=2&action=registration.edit");
    expect(await screen.findByText("Página 2 de 3")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Consultas" }));
    await waitFor(() => expect(urls.at(-1)!.searchParams.get("kind")).toBe("view"));
    const last = urls.at(-1)!.searchParams;
    expect(last.get("page")).toBeNull();
    expect(last.get("action")).toBeNull();
    expect(screen.getByRole("button", { name: "Consultas" })).toHaveAttribute("aria-pressed", "true");
    // Only views are offered as actions now.
    const actions = within(screen.getByLabelText("Acción"))
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(actions).toContain("Vio las fotos de una persona");
    expect(actions).not.toContain("Editó una inscripción");

    await user.click(await screen.findByRole("button", { name: "Siguiente" }));
    await waitFor(() => expect(urls.at(-1)!.searchParams.get("page")).toBe("2"));
    expect(urls.at(-1)!.searchParams.get("kind")).toBe("view");
  });
});
