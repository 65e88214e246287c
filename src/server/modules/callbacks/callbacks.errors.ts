/** The callbacks' errors (issue 36), declared once: code, status and the catalogue's text. */
import { t } from "@common/i18n";
import { AppError, errors } from "../../errors";
import { eventErrors } from "../events/events.errors";
import { publicErrors } from "../public/public.errors";

export const callbackErrors = {
  eventNotFound: eventErrors.notFound,
  /** Invitations belong to a callback event; `:id` is an open call. */
  notACallback: () => errors.conflict("not_a_callback_event", t("callbacks.errors.notACallback")),
  deadlinePast: () => errors.validation({ deadline: t("callbacks.errors.deadlinePast") }),
  deadlineAfterCallback: (start: string) =>
    errors.validation({ deadline: t("callbacks.errors.deadlineAfterCallback", { start }) }),
  /** An unknown, forged or erased invitation's link. */
  invalidToken: () => new AppError(404, "invalid_token", t("callbacks.errors.invalidToken")),
  deadlinePassed: (deadline: string) =>
    errors.conflict("callback_deadline_passed", t("callbacks.errors.deadlinePassed", { deadline })),
  alreadyAnswered: () => errors.conflict("callback_already_answered", t("callbacks.errors.alreadyAnswered")),
  timeslotFull: publicErrors.timeslotFull,
  noTimeslot: publicErrors.noTimeslot,
  slotStarted: () =>
    new AppError(409, "timeslot_started", t("callbacks.errors.slotStarted"), { timeslotId: t("callbacks.errors.slotStarted") }),
  duplicate: publicErrors.duplicate,
};
