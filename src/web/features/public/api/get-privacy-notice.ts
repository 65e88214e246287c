import type { PrivacyNotice } from "@common/schemas/privacy";
import { api } from "@web/lib/api";

/** GET /api/public/privacy-notice: the current notice. */
export function getPrivacyNotice(signal?: AbortSignal): Promise<PrivacyNotice> {
  return api<PrivacyNotice>("/api/public/privacy-notice", signal ? { signal } : {});
}
