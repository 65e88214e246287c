import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch, renderRoutes } from "@web/test/render-route";
import { useSignOut, useSignOutListener } from "./sign-out";

function SignOutButton() {
  const signOut = useSignOut();
  return (
    <button type="button" onClick={() => signOut.mutate()}>
      out
    </button>
  );
}
function OtherTab() {
  useSignOutListener();
  return <p>still here</p>;
}

describe("sign-out (docs/product.md §4)", () => {
  it("ends the session on the server, keeps only the theme and each user's list layout, and signs out the other tabs", async () => {
    const fetch = mockFetch({ "POST /api/auth/sign-out": () => ({ status: 200, body: { success: true } }) });
    localStorage.setItem("theme", "dark");
    localStorage.setItem("opencall.selectedEventId", "e1");
    localStorage.setItem("opencall.registrationsView.u1", "compact");
    const other = renderRoutes(
      [
        { path: "/dashboard", element: <OtherTab /> },
        { path: "/login", element: <p>other tab at login</p> },
      ],
      "/dashboard",
    );
    renderRoutes(
      [
        { path: "/dashboard", element: <SignOutButton /> },
        { path: "/login", element: <p>login page</p> },
      ],
      "/dashboard",
    );
    await userEvent.click(screen.getByRole("button", { name: "out" }));
    expect(await screen.findByText("login page")).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith("/api/auth/sign-out", expect.objectContaining({ method: "POST" }));
    expect(localStorage.getItem("theme")).toBe("dark");
    expect(localStorage.getItem("opencall.selectedEventId")).toBeNull();
    expect(localStorage.getItem("opencall.registrationsView.u1")).toBe("compact");
    await waitFor(() => expect(other.router.state.location.pathname).toBe("/login"));
  });

  it.each([401, 403, 404])("ignores a %i from the server and still signs out locally", async (status) => {
    mockFetch({ "POST /api/auth/sign-out": () => ({ status, body: { error: { code: "x", message: "x" } } }) });
    renderRoutes(
      [
        { path: "/dashboard", element: <SignOutButton /> },
        { path: "/login", element: <p>login page</p> },
      ],
      "/dashboard",
    );
    await userEvent.click(screen.getByRole("button", { name: "out" }));
    expect(await screen.findByText("login page")).toBeInTheDocument();
  });
});
