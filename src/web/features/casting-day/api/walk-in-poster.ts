import { isApiErrorBody } from "@common/errors";
import { currentLanguage, t } from "@common/i18n";
import { ApiError } from "@web/lib/api";
import { downloadBlob } from "@web/lib/download";

/**
 * GET /api/events/:id/walk-in-poster.pdf: the poster whose QR code opens the registration form in
 * door mode, made by the server (it holds the form's address), in the staff member's language.
 * Fetched rather than followed as a link, so a refusal shows its message instead of a JSON page.
 */
export async function downloadWalkInPoster(eventId: string, fileName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/events/${encodeURIComponent(eventId)}/walk-in-poster.pdf`, {
      credentials: "same-origin",
      headers: { accept: "application/pdf, application/json", "accept-language": currentLanguage() },
    });
  } catch {
    throw new ApiError(0, "network_error", t("common.networkError"));
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => undefined);
    if (isApiErrorBody(payload)) throw new ApiError(response.status, payload.error.code, payload.error.message);
    throw new ApiError(response.status, "http_error", `HTTP ${response.status}`);
  }
  downloadBlob(await response.blob(), fileName);
}
