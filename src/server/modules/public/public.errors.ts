/** The public module's errors, declared once: code, status and the catalogue's text. */
import { publicTexts } from "@common/texts/public";
import { AppError, errors } from "../../errors";
import { eventErrors } from "../events/events.errors";

export const publicErrors = {
  eventNotFound: eventErrors.notFound,
  duplicate: () => new AppError(409, "duplicate_registration", publicTexts.errors.duplicate),
  timeslotFull: () => new AppError(409, "timeslot_full", publicTexts.errors.timeslotFull),
  invalidToken: () => new AppError(404, "invalid_token", publicTexts.verify.invalid),
  noTimeslot: () => errors.validation({ timeslotId: publicTexts.errors.noTimeslot }),
};
