import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RoleBadge } from "./role-badge";

describe("RoleBadge", () => {
  it.each([
    ["superadmin", /\bbg-amber-/],
    ["admin", /\bbg-red-/],
    ["member", /\bbg-sky-/],
  ] as const)("shows %s in its colour (yellow, red, blue)", (role, colour) => {
    render(<RoleBadge role={role} />);
    expect(screen.getByText(role).className).toMatch(colour);
  });
});
