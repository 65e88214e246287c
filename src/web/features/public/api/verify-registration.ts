import type { VerifyResult } from "@common/schemas/public-responses";
import { api } from "@web/lib/api";

/** POST /api/public/verify — the page posts the token; a GET never verifies. */
export function verifyRegistration(token: string): Promise<VerifyResult> {
  return api<VerifyResult>("/api/public/verify", { method: "POST", body: { token } });
}
