import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { RegistrationListItem } from "@common/schemas/registrations";
import { registrationItem } from "../pages/registrations-page.test-support";
import { RegistrationRow, type RegistrationRowProps } from "./registration-row";
import { CompactRegistrationRow } from "./registrations-table";

const props = (registration: RegistrationListItem): RegistrationRowProps => ({
  registration,
  isAdmin: true,
  selected: false,
  onSelectedChange: vi.fn(),
  onReview: vi.fn(),
  onResend: vi.fn(),
  resending: false,
  onDelete: vi.fn(),
});

const cancelled = registrationItem("3f1c2d3e-4b5a-4c6d-8e7f-001122334455", "Julieta Paz", { status: "cancelled" });
const confirmed = registrationItem("4f1c2d3e-4b5a-4c6d-8e7f-001122334455", "Martina Sosa");

// Issue 19: a registration its person cancelled stays in the staff's list, marked 'Cancelado'.
describe("a cancelled registration in the staff's list", () => {
  it("the detailed row shows the red 'Cancelado' badge where a live one shows its status", () => {
    render(
      <MemoryRouter>
        <ul>
          <RegistrationRow {...props(cancelled)} />
          <RegistrationRow {...props(confirmed)} />
        </ul>
      </MemoryRouter>,
    );
    const badge = within(screen.getByRole("listitem", { name: "Julieta Paz" })).getByText("Cancelado");
    expect(badge).toHaveClass(/red/);
    const live = screen.getByRole("listitem", { name: "Martina Sosa" });
    expect(within(live).queryByText("Cancelado")).not.toBeInTheDocument();
    expect(within(live).getByText("Confirmado")).toBeInTheDocument();
  });

  it("the table's row shows 'Cancelado' instead of the e-mail's state", () => {
    render(
      <MemoryRouter>
        <table>
          <tbody>
            <CompactRegistrationRow {...props(cancelled)} />
            <CompactRegistrationRow {...props(confirmed)} />
          </tbody>
        </table>
      </MemoryRouter>,
    );
    const [gone, live] = screen.getAllByRole("row");
    expect(within(gone!).getByText("Cancelado")).toHaveClass(/red/);
    expect(within(gone!).queryByText("Verificado")).not.toBeInTheDocument();
    expect(within(live!).queryByText("Cancelado")).not.toBeInTheDocument();
    expect(within(live!).getByText("Verificado")).toBeInTheDocument();
  });
});
