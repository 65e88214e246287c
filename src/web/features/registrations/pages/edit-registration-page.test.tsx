import { sessionUser } from "@web/test/session";
import type { RegistrationDetail } from "@common/schemas/registrations";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, renderRoutes } from "@web/test/render-route";
import { registrationItem, SLOT_ID } from "./registrations-page.test-support";
import { EditRegistrationPage } from "./edit-registration-page";

const ID = "0d7f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a01";
const LIST = "/dashboard/scouting/registrations";

const detail: RegistrationDetail = {
  ...registrationItem(ID, "Julia Presente"),
  event: { ...registrationItem(ID, "x").event, description: "", confirmationDetails: "" },
  timeslots: [{ id: SLOT_ID, startTime: "10:00", endTime: "11:00", capacity: 10, availableSpots: 4 }],
  photos: [{ kind: "face", id: "11111111-1111-4111-8111-111111111111" }],
  privacy: {
    privacyNoticeVersion: 1,
    consentedAt: "2026-02-01T11:00:00.000Z",
    consentDataProcessing: true,
    consentPhotoScouting: true,
    consentClientSharing: false,
    guardianName: null,
    guardianEmail: null,
    guardianStatus: "not_required",
    guardianDecidedAt: null,
    retentionKeep: false,
  },
};

const session = {
  user: sessionUser("member", { id: "u1", email: "ana@agency.test", fullName: "Ana", status: "approved" }),
};

function renderEdit() {
  return renderRoutes(
    [
      { path: `${LIST}/:registrationId/edit`, element: <EditRegistrationPage /> },
      { path: LIST, element: <h1>Lista de registros</h1> },
    ],
    `${LIST}/${ID}/edit`,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("the staff edit page", () => {
  it("opens with the person's fields, then the photos, then the consent", async () => {
    mockFetch({
      [`GET /api/registrations/${ID}`]: () => ({ status: 200, body: detail }),
      "GET /api/session": () => ({ status: 200, body: session }),
    });
    renderEdit();
    const name = await screen.findByLabelText(/Nombre completo/);
    const photos = screen.getByRole("heading", { name: "Fotos" });
    const consent = screen.getByRole("heading", { name: "Consentimiento" });
    const follows = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(name, photos)).toBe(true);
    expect(follows(photos, consent)).toBe(true);
    // The form's own buttons close the person's fields, before the photos.
    expect(follows(screen.getByRole("button", { name: "Guardar Cambios" }), photos)).toBe(true);
  });

  it("says a missing registration is not found, and leads back to the list", async () => {
    const user = userEvent.setup();
    const calls = mockFetch({
      [`GET /api/registrations/${ID}`]: () => ({
        status: 404,
        body: { error: { code: "not_found", message: "Registro no encontrado." } },
      }),
      "GET /api/session": () => ({ status: 200, body: session }),
    });
    renderEdit();
    expect(await screen.findByText("Registro no encontrado.")).toBeInTheDocument();
    expect(screen.getByText("Puede que lo hayan borrado, o que el enlace esté mal.")).toBeInTheDocument();
    // Not asked again: it will not appear on a second try.
    expect(calls.mock.calls.filter(([input]) => String(input).includes(ID))).toHaveLength(1);
    const back = screen.getByRole("link", { name: "Volver a los registros" });
    expect(back).toHaveAttribute("href", LIST);
    await user.click(back);
    expect(await screen.findByRole("heading", { name: "Lista de registros" })).toBeInTheDocument();
  });
});
