/**
 * The web's one question about access (issue 33): does the signed-in user hold a capability? The
 * answer is GET /api/session's `permissions`; no screen compares role names (eslint's rule in
 * src/web). The server decides anyway: this only hides what would be refused.
 */
import type { Capability } from "@common/permissions";
import type { SessionUser } from "@common/schemas/accounts";
import { useSession } from "./api/get-session";

export function can(user: Pick<SessionUser, "permissions"> | null | undefined, capability: Capability): boolean {
  return user?.permissions.includes(capability) ?? false;
}

/** `can` for the signed-in user of this screen (false while the session loads). */
export function useCan(): (capability: Capability) => boolean {
  const { data } = useSession();
  return (capability) => can(data, capability);
}
