/** Sessions for the web's tests: a staff member of a role, with the permissions the server would list. */
import { permissionsOf, type Role } from "@common/permissions";
import type { SessionUser } from "@common/schemas/accounts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { sessionQueryOptions } from "@web/features/accounts";

export function sessionUser(role: Role, overrides: Partial<SessionUser> = {}): SessionUser {
  const status = overrides.status ?? "approved";
  return {
    id: "u1",
    email: `${role}@agency.test`,
    fullName: "Ana",
    role,
    status,
    language: null,
    twoFactorEnabled: false,
    permissions: permissionsOf({ role, status }),
    pass: null,
    ...overrides,
  };
}

/** GET /api/session's reply for `role` (for mockFetch). */
export const sessionReply = (role: Role, overrides: Partial<SessionUser> = {}) => ({
  status: 200,
  body: { user: sessionUser(role, overrides) },
});

/** Renders a component with `role` signed in (the session already in the query cache). */
export function SignedInAs({ role, children }: { role: Role; children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 }, mutations: { retry: false } } });
  client.setQueryData(sessionQueryOptions().queryKey, sessionUser(role));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
