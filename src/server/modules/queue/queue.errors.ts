/** The casting day's line and venue screens' errors (issue 35), declared once: code, status and the catalogue's text. */
import { t } from "@common/i18n";
import { AppError } from "../../errors";

export const queueErrors = {
  eventNotFound: () => new AppError(404, "event_not_found", t("common.errors.notFound")),
  entryNotFound: () => new AppError(404, "queue_entry_not_found", t("checkin.line.errors.entryNotFound")),
  numberNotFound: (number: number) =>
    new AppError(404, "queue_number_not_found", t("checkin.line.errors.numberNotFound", { number })),
  /** A number out of turn that another room called first, or that was seen or is gone. */
  notWaiting: (number: number) => new AppError(409, "queue_not_waiting", t("checkin.line.errors.notWaiting", { number })),
  /** Seen, recall and absent are for the person a room has called (a screen that did not see a change yet). */
  notCalled: () => new AppError(409, "queue_entry_not_called", t("checkin.line.errors.notCalled")),
  displayKeyNotFound: () => new AppError(404, "display_key_not_found", t("checkin.line.errors.displayKeyNotFound")),
  /** The person's link (manage or check-in) names no registration. */
  invalidToken: () => new AppError(404, "invalid_token", t("public.manage.invalid")),
  /** This process holds as many open streams as it may: the client's EventSource tries again (`retry`). */
  streamsFull: () => new AppError(503, "service_unavailable", t("checkin.line.errors.streamsFull")),
};
