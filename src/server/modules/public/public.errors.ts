/** The public module's errors, declared once: code, status and the catalogue's text. */
import { t } from "@common/i18n";
import { AppError, errors } from "../../errors";
import { eventErrors } from "../events/events.errors";

export const publicErrors = {
  eventNotFound: eventErrors.notFound,
  duplicate: () => new AppError(409, "duplicate_registration", t("public.errors.duplicate")),
  timeslotFull: () => new AppError(409, "timeslot_full", t("public.errors.timeslotFull")),
  invalidToken: () => new AppError(404, "invalid_token", t("public.verify.invalid")),
  noTimeslot: () => errors.validation({ timeslotId: t("public.errors.noTimeslot") }),
};

/** Registrations at the door from the walk-in poster (issue 35). */
export const walkInErrors = {
  /** Walk-ins off, not the event's day, the event inactive, or not this event's poster: one answer. */
  closed: () => errors.conflict("walk_ins_closed", t("public.walkIn.errors.closed")),
  /** Today's cap reached, or no slot of the day has room. */
  full: () => errors.conflict("walk_ins_full", t("public.walkIn.errors.full")),
};
