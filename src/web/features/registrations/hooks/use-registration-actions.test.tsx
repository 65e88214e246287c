/** The list's 'Asistió' for a minor without the guardian's approval (issue 32): the server's reason, not a generic failure. */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { toast } from "sonner";
import { describe, expect, it, vi } from "vitest";
import { mockFetch } from "@web/test/render-route";
import { useRegistrationActions } from "./use-registration-actions";

const ID = "6b1f0a7e-3c1d-4a53-8f8e-0f4b6c2f9a10";
const GUARDIAN_MISSING =
  "Falta la autorización de su madre, padre o tutor: no puede pasar. Un admin puede dejarla pasar por excepción desde Llegadas, con un motivo.";

function renderActions(reply: { status: number; body: unknown }) {
  mockFetch({ [`PATCH /api/registrations/${ID}`]: () => reply, "GET /api/registrations": () => ({ status: 200, body: {} }) });
  const failed = vi.spyOn(toast, "error").mockReturnValue(1);
  vi.spyOn(console, "warn").mockImplementation(() => {});
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useRegistrationActions({ onDeleted: vi.fn() }), { wrapper });
  return { result, failed };
}

describe("the list's review toggles", () => {
  it("say why a minor without the guardian's approval cannot be marked as arrived", async () => {
    const { result, failed } = renderActions({
      status: 409,
      body: { error: { code: "guardian_approval_required", message: GUARDIAN_MISSING } },
    });
    act(() => result.current.onReview(ID, { attended: true }));
    await vi.waitFor(() => expect(failed).toHaveBeenCalledWith(GUARDIAN_MISSING));
  });

  it("keep SPEC's alert for any other failure", async () => {
    const { result, failed } = renderActions({ status: 500, body: { error: { code: "internal_error", message: "x" } } });
    act(() => result.current.onReview(ID, { attended: true }));
    await vi.waitFor(() => expect(failed).toHaveBeenCalledWith("Error al actualizar el estado de asistencia"));
  });
});
