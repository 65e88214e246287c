import type { RegistrationSuccess } from "@common/schemas/public-responses";
import { api } from "@web/lib/api";

/** GET /api/public/registration-success?e=<success token> */
export function getRegistrationSuccess(successToken: string, signal?: AbortSignal): Promise<RegistrationSuccess> {
  return api<RegistrationSuccess>(`/api/public/registration-success?e=${encodeURIComponent(successToken)}`, { signal });
}
