import { sessionUser } from "@web/test/session";
import type { StaffWaitlist } from "@common/schemas/self-service";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { describe, expect, it, vi } from "vitest";
import { mockFetch } from "@web/test/render-route";
import { WaitlistPanel } from "./waitlist-panel";

// Issue 19: staff offer a spot by hand, out of turn; only admins may.
const EVENT_ID = "0b5c1c9e-7d39-4a4e-9d43-0b1f7f2b6a01";
const LIST = `/api/events/${EVENT_ID}/waitlist`;
const entry = (id: string, fullName: string, status: "waiting" | "offered") => ({
  id,
  fullName,
  email: `${fullName.split(" ")[0]!.toLowerCase()}@example.com`,
  status,
  emailVerified: true,
  createdAt: "2031-08-01T12:00:00.000Z",
  offerExpiresAt: status === "offered" ? "2031-08-02T00:00:00.000Z" : null,
});
const line = (entries: ReturnType<typeof entry>[]): StaffWaitlist => ({
  timeslots: [{ id: "s1", startTime: "10:00", endTime: "11:00", entries }],
});
const dora = entry("e1", "Dora Paz", "waiting");
const eva = entry("e2", "Eva Sol", "waiting");

function renderPanel(isAdmin: boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(["session"], sessionUser(isAdmin ? "admin" : "member"));
  render(
    <QueryClientProvider client={queryClient}>
      <WaitlistPanel eventId={EVENT_ID} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const rowOf = (name: string) => screen.getByText(name).closest("li")!;

describe("offering a spot by hand", () => {
  it("an admin offers the second in line a spot: the request is sent and the entry shows as offered", async () => {
    const offer = vi.fn(() => ({ status: 200, body: line([dora, { ...eva, status: "offered" as const }]) }));
    mockFetch({ [`GET ${LIST}`]: () => ({ status: 200, body: line([dora, eva]) }), [`POST ${LIST}/e2/offer`]: offer });
    const user = userEvent.setup();
    renderPanel(true);

    const button = await screen.findByRole("button", { name: "Ofrecer un lugar a Eva Sol" });
    expect(within(rowOf("Eva Sol")).getByText("En espera")).toBeInTheDocument();
    await user.click(button);

    expect(await screen.findByText("Le ofrecimos un lugar a Eva Sol por correo.")).toBeInTheDocument();
    expect(offer).toHaveBeenCalledTimes(1);
    const evaRow = rowOf("Eva Sol");
    expect(within(evaRow).getByText(/^Lugar ofrecido hasta /)).toBeInTheDocument();
    expect(within(evaRow).queryByText("En espera")).not.toBeInTheDocument();
    // Already offered: no second offer for her; Dora still waits and may still be offered one.
    expect(screen.queryByRole("button", { name: "Ofrecer un lugar a Eva Sol" })).not.toBeInTheDocument();
    expect(within(rowOf("Dora Paz")).getByText("En espera")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Ofrecer un lugar a Dora Paz" })).toBeEnabled();
  });

  it("a refused offer is told to the admin, and the entry still waits", async () => {
    const message = "Este horario ya comenzó: su lista de espera está cerrada. Por favor elegí otro horario.";
    mockFetch({
      [`GET ${LIST}`]: () => ({ status: 200, body: line([dora, eva]) }),
      [`POST ${LIST}/e1/offer`]: () => ({ status: 409, body: { error: { code: "timeslot_started", message } } }),
    });
    const user = userEvent.setup();
    renderPanel(true);

    await user.click(await screen.findByRole("button", { name: "Ofrecer un lugar a Dora Paz" }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(within(rowOf("Dora Paz")).getByText("En espera")).toBeInTheDocument();
    expect(within(rowOf("Dora Paz")).queryByText(/Lugar ofrecido/)).not.toBeInTheDocument();
  });

  it("is not offered to members, who see the line only", async () => {
    const offer = vi.fn(() => ({ status: 200, body: line([dora, eva]) }));
    mockFetch({
      [`GET ${LIST}`]: () => ({ status: 200, body: line([dora, eva]) }),
      [`POST ${LIST}/e1/offer`]: offer,
      [`POST ${LIST}/e2/offer`]: offer,
    });
    renderPanel(false);
    expect(await screen.findByText("Eva Sol")).toBeInTheDocument();
    expect(within(rowOf("Dora Paz")).getByText("En espera")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Ofrecer un lugar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(offer).not.toHaveBeenCalled();
  });
});
