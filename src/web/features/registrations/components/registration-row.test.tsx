import { SignedInAs } from "@web/test/session";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { RegistrationListItem } from "@common/schemas/registrations";
import { registrationItem } from "../pages/registrations-page.test-support";
import { RegistrationRow, type RegistrationRowProps } from "./registration-row";
import { CompactRegistrationRow } from "./registrations-table";

const props = (registration: RegistrationListItem): RegistrationRowProps => ({
  registration,
  selected: false,
  onSelectedChange: vi.fn(),
  onReview: vi.fn(),
  onResend: vi.fn(),
  resending: false,
  onDelete: vi.fn(),
});

const cancelled = registrationItem("3f1c2d3e-4b5a-4c6d-8e7f-001122334455", "Julieta Paz", { status: "cancelled" });
const confirmed = registrationItem("4f1c2d3e-4b5a-4c6d-8e7f-001122334455", "Martina Sosa");

// Issue 19: a registration its person cancelled stays in the staff's list, marked 'Cancelada'.
describe("a cancelled registration in the staff's list", () => {
  it("the detailed row shows the red 'Cancelada' badge where a live one shows its status", () => {
    render(
      <SignedInAs role="admin">
        <MemoryRouter>
          <ul>
            <RegistrationRow {...props(cancelled)} />
            <RegistrationRow {...props(confirmed)} />
          </ul>
        </MemoryRouter>
      </SignedInAs>,
    );
    const badge = within(screen.getByRole("listitem", { name: "Julieta Paz" })).getByText("Cancelada");
    expect(badge).toHaveClass(/red/);
    const live = screen.getByRole("listitem", { name: "Martina Sosa" });
    expect(within(live).queryByText("Cancelada")).not.toBeInTheDocument();
    expect(within(live).getByText("Confirmada")).toBeInTheDocument();
  });

  it("the table's row shows 'Cancelada' instead of the e-mail's state", () => {
    render(
      <SignedInAs role="admin">
        <MemoryRouter>
          <table>
            <tbody>
              <CompactRegistrationRow {...props(cancelled)} />
              <CompactRegistrationRow {...props(confirmed)} />
            </tbody>
          </table>
        </MemoryRouter>
      </SignedInAs>,
    );
    const [gone, live] = screen.getAllByRole("row");
    expect(within(gone!).getByText("Cancelada")).toHaveClass(/red/);
    expect(within(gone!).queryByText("Verificado")).not.toBeInTheDocument();
    expect(within(live!).queryByText("Cancelada")).not.toBeInTheDocument();
    expect(within(live!).getByText("Verificado")).toBeInTheDocument();
  });
});

// Issue 32: the staff's badge says the same state as the person's pages.
describe("a minor's registration in the staff's list", () => {
  const waiting = registrationItem("5f1c2d3e-4b5a-4c6d-8e7f-001122334455", "Lola Menor", { guardianStatus: "pending" });
  const refused = registrationItem("6f1c2d3e-4b5a-4c6d-8e7f-001122334455", "Ana Rechazada", {
    status: "cancelled",
    guardianStatus: "refused",
  });

  it("reads 'Falta autorización', never 'Confirmado', while the guardian has not approved; a refusal reads as such", () => {
    render(
      <SignedInAs role="admin">
        <MemoryRouter>
          <ul>
            <RegistrationRow {...props(waiting)} />
            <RegistrationRow {...props(refused)} />
          </ul>
        </MemoryRouter>
      </SignedInAs>,
    );
    const minor = screen.getByRole("listitem", { name: "Lola Menor" });
    expect(within(minor).queryByText("Confirmada")).not.toBeInTheDocument();
    expect(within(minor).getAllByText("Falta autorización")).toHaveLength(1);
    const gone = screen.getByRole("listitem", { name: "Ana Rechazada" });
    expect(within(gone).getByText("No autorizada")).toHaveClass(/red/);
    expect(within(gone).queryByText("Cancelada")).not.toBeInTheDocument();
  });
});

// Issue 32: the official rating and the panel's scores are two 1–5 scales that must read apart.
describe("the official rating beside the panel", () => {
  const scored = registrationItem("5f1c2d3e-4b5a-4c6d-8e7f-001122334455", "Lara Ríos", {
    rating: 4,
    stage: "callback",
    panel: { average: 3.5, count: 2, spread: 1, mine: 3 },
  });

  it("the detailed row names its stars 'Calificación oficial' in visible words", () => {
    render(
      <SignedInAs role="admin">
        <MemoryRouter>
          <ul>
            <RegistrationRow {...props(scored)} />
          </ul>
        </MemoryRouter>
      </SignedInAs>,
    );
    const stars = screen.getByRole("group", { name: "Calificación oficial" });
    expect(within(stars).getByRole("button", { name: "4 estrellas" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText("Calificación oficial")).not.toHaveClass("sr-only");
    expect(stars).toHaveAttribute("aria-labelledby", screen.getByText("Calificación oficial").id);
  });

  it("the compact row shows the stage and the panel's average beside the official stars", () => {
    render(
      <SignedInAs role="admin">
        <MemoryRouter>
          <table>
            <tbody>
              <CompactRegistrationRow {...props(scored)} />
              <CompactRegistrationRow {...props(confirmed)} />
            </tbody>
          </table>
        </MemoryRouter>
      </SignedInAs>,
    );
    const [lara, martina] = screen.getAllByRole("row");
    expect(within(lara!).getByTestId("stage-badge")).toHaveTextContent("Callback");
    expect(within(lara!).getByTestId("compact-panel")).toHaveTextContent("3,5 (2 puntajes)");
    expect(within(lara!).getByRole("group", { name: "Calificación oficial" })).toBeInTheDocument();
    expect(within(martina!).getByTestId("stage-badge")).toHaveTextContent("Nuevo");
    expect(within(martina!).getByTestId("compact-panel")).toHaveTextContent("Sin puntajes");
  });
});

// Issue 33: a viewer's replies hold null for the contacts; the row leaves them out.
describe("a registration as a viewer reads it", () => {
  it("shows no e-mail line and no phone detail, where a member's row shows both", () => {
    const hidden = registrationItem("5f1c2d3e-4b5a-4c6d-8e7f-001122334455", "Sol Vera", {
      email: null,
      phoneNumber: null,
      dateOfBirth: null,
      instagramHandle: null,
      photos: [],
    });
    const { unmount } = render(
      <SignedInAs role="viewer">
        <MemoryRouter>
          <ul>
            <RegistrationRow {...props(hidden)} />
          </ul>
        </MemoryRouter>
      </SignedInAs>,
    );
    const row = screen.getByRole("listitem", { name: "Sol Vera" });
    expect(within(row).queryByText("Teléfono")).not.toBeInTheDocument();
    expect(within(row).queryByText(/@/)).not.toBeInTheDocument();
    expect(within(row).queryByText("N/A")).not.toBeInTheDocument();
    unmount();

    render(
      <SignedInAs role="member">
        <MemoryRouter>
          <ul>
            <RegistrationRow {...props(confirmed)} />
          </ul>
        </MemoryRouter>
      </SignedInAs>,
    );
    const shown = screen.getByRole("listitem", { name: "Martina Sosa" });
    expect(within(shown).getByText("Teléfono")).toBeInTheDocument();
    expect(within(shown).getByText("martina@example.com")).toBeInTheDocument();
  });
});
