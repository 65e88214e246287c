import type { AuthenticCheckResponse, AuthenticReportInput } from "@common/schemas/authentic";
import { api } from "@web/lib/api";

/** POST /api/public/authentic */
export function checkAuthentic(text: string): Promise<AuthenticCheckResponse> {
  return api<AuthenticCheckResponse>("/api/public/authentic", { method: "POST", body: { text } });
}

/** POST /api/public/authentic/report */
export function reportSuspicious(body: AuthenticReportInput): Promise<{ received: true }> {
  return api<{ received: true }>("/api/public/authentic/report", { method: "POST", body });
}
