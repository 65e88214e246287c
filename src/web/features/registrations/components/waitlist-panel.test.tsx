import { sessionUser } from "@web/test/session";
import type { StaffWaitlist } from "@common/schemas/self-service";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "@web/test/render-route";
import { WaitlistPanel } from "./waitlist-panel";

const EVENT_ID = "0b5c1c9e-7d39-4a4e-9d43-0b1f7f2b6a01";
const LIST = `/api/events/${EVENT_ID}/waitlist`;
const entry = (id: string, fullName: string, status: "waiting" | "offered") => ({
  id,
  fullName,
  email: `${fullName.split(" ")[0]!.toLowerCase()}@example.com`,
  status,
  emailVerified: false,
  createdAt: "2031-08-01T12:00:00.000Z",
  offerExpiresAt: status === "offered" ? "2031-08-02T00:00:00.000Z" : null,
});
const line = (entries: ReturnType<typeof entry>[]): StaffWaitlist => ({
  timeslots: [{ id: "s1", startTime: "10:00", endTime: "11:00", entries }],
});
const dora = entry("e1", "Dora Paz", "offered");
const eva = entry("e2", "Eva Sol", "waiting");

function renderPanel(isAdmin: boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(["session"], sessionUser(isAdmin ? "admin" : "member"));
  render(
    <QueryClientProvider client={queryClient}>
      <WaitlistPanel eventId={EVENT_ID} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("taking someone off the waiting list", () => {
  it("asks first, says an offered spot passes on, and sends nothing when cancelled", async () => {
    const removed = vi.fn();
    mockFetch({ [`GET ${LIST}`]: () => ({ status: 200, body: line([dora, eva]) }), [`DELETE ${LIST}/e1`]: removed });
    const user = userEvent.setup();
    renderPanel(true);
    await user.click(await screen.findByRole("button", { name: "Quitar a Dora Paz de la lista de espera" }));
    const dialog = await screen.findByRole("dialog", { name: "¿Quitar de la lista de espera?" });
    expect(dialog).toHaveTextContent("Dora Paz deja la lista de este horario y recibe un correo que se lo avisa.");
    expect(dialog).toHaveTextContent("Tiene un lugar ofrecido: se libera y se ofrece a quien sigue en la lista.");
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(removed).not.toHaveBeenCalled();
    expect(screen.getByText("Dora Paz")).toBeInTheDocument();
  });

  it("on confirming, removes the person and shows the line the server answers", async () => {
    const removed = vi.fn(() => ({ status: 200, body: line([{ ...eva, status: "offered" as const }]) }));
    mockFetch({ [`GET ${LIST}`]: () => ({ status: 200, body: line([dora, eva]) }), [`DELETE ${LIST}/e2`]: removed });
    const user = userEvent.setup();
    renderPanel(true);
    await user.click(await screen.findByRole("button", { name: "Quitar a Eva Sol de la lista de espera" }));
    const dialog = await screen.findByRole("dialog");
    // Eva only waits: nothing is said of an offered spot.
    expect(dialog).not.toHaveTextContent("Tiene un lugar ofrecido");
    await user.click(within(dialog).getByRole("button", { name: "Quitar de la lista" }));
    expect(await screen.findByText("Eva Sol")).toBeInTheDocument();
    expect(removed).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("Dora Paz")).not.toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("is not offered to members", async () => {
    mockFetch({ [`GET ${LIST}`]: () => ({ status: 200, body: line([dora, eva]) }) });
    renderPanel(false);
    expect(await screen.findByText("Dora Paz")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Quitar/ })).not.toBeInTheDocument();
  });
});
