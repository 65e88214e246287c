/**
 * Error codes of the HTTP API's error shape `{"error": {"code", "message", "fields"?}}`.
 * The server sends the code with a default message; the web maps codes to the catalogue's texts.
 */
export const ERROR_CODES = [
  "validation_failed",
  "not_found",
  "route_not_found",
  "unauthenticated",
  "forbidden",
  "account_pending",
  "csrf_rejected",
  "rate_limited",
  "payload_too_large",
  "internal_error",
  "service_unavailable",
  "event_not_found",
  "duplicate_registration",
  "timeslot_full",
  "timeslot_in_use",
  "capacity_below_registrations",
  "slug_taken",
  "invalid_token",
  "email_domain_not_allowed",
  "superadmin_protected",
  "signup_closed",
  "invalid_credentials",
  "already_verified",
  "email_not_verified",
  "photo_unsupported",
  "photo_too_large",
  "photo_too_many_pixels",
  "photo_unreadable",
  "photo_one_file",
  "photos_not_accepted",
  "photo_unavailable",
  "storage_unavailable",
  "tag_exists",
  "registration_cancelled",
  "same_timeslot",
  "offer_unavailable",
  "consent_required",
  "guardian_already_decided",
  "guardian_approval_required",
  "on_waiting_list",
  "capacity_below_held_offers",
  "timeslot_has_waitlist",
  "timeslot_started",
  "not_on_waitlist",
  "unknown_placeholders",
  "link_not_found",
  "link_slug_taken",
  "token_not_found",
  "token_permission_not_held",
  "session_only",
  "webhook_not_found",
  "delivery_not_found",
  "webhook_url_not_allowed",
  "queue_entry_not_found",
  "queue_number_not_found",
  "queue_not_waiting",
  "queue_entry_not_called",
  "display_key_not_found",
  "not_a_callback_event",
  "callback_deadline_passed",
  "callback_already_answered",
  "selection_not_found",
  "share_not_found",
  "share_locked",
  "share_password_wrong",
  "door_pass_not_found",
  "door_pass_invalid",
  "walk_ins_closed",
  "walk_ins_full",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: {
    code: ErrorCode | (string & {});
    message: string;
    fields?: Record<string, string>;
  };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { code?: unknown }).code === "string" &&
    typeof (error as { message?: unknown }).message === "string"
  );
}
