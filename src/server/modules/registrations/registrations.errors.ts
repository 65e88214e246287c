/** The registrations module's errors, declared once: code, status and the catalogue's text. */
import { registrations as texts } from "@common/texts/registrations";
import { AppError, errors } from "../../errors";

export const registrationErrors = {
  notFound: () => new AppError(404, "not_found", texts.errors.notFound),
  reviewAdminsOnly: () => errors.forbidden(texts.errors.reviewAdminsOnly),
  foreignTimeslot: () => errors.validation({ timeslotId: texts.errors.foreignTimeslot }),
  timeslotFull: () => errors.conflict("timeslot_full", texts.edit.timeslotFull),
  duplicate: () => errors.conflict("duplicate_registration", texts.edit.duplicate),
  alreadyVerified: () => errors.conflict("already_verified", texts.errors.alreadyVerified),
};
