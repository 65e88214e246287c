import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RoleBadge } from "./role-badge";

describe("RoleBadge", () => {
  it.each([
    ["superadmin", "superadmin", /\bbg-amber-/],
    ["admin", "admin", /\bbg-red-/],
    ["member", "miembro", /\bbg-sky-/],
  ] as const)("shows %s in its colour (yellow, red, blue)", (role, label, colour) => {
    render(<RoleBadge role={role} />);
    expect(screen.getByText(label).className).toMatch(colour);
  });
});
