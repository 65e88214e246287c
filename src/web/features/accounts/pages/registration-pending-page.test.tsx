import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { RegistrationPendingPage } from "./registration-pending-page";

describe("the registration-pending page", () => {
  it("tells the person to check their inbox, which also covers an address that already had an account", () => {
    render(
      <MemoryRouter>
        <RegistrationPendingPage />
      </MemoryRouter>,
    );
    expect(screen.getByText(/Revisá tu bandeja de entrada/)).toHaveTextContent(/si esta dirección ya tenía una cuenta/);
  });
});
