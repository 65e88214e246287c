/** The manage page's errors, declared once: code, status and the catalogue's text. */
import { t } from "@common/i18n";
import { AppError } from "../../errors";
import { publicErrors } from "../public/public.errors";

export const manageErrors = {
  invalidToken: () => new AppError(404, "invalid_token", t("public.manage.invalid")),
  cancelled: () => new AppError(409, "registration_cancelled", t("public.errors.registrationCancelled")),
  sameTimeslot: () => new AppError(409, "same_timeslot", t("public.errors.sameTimeslot")),
  /** A minor whose guardian has decided: the consent to be shown to clients is no longer asked (issue 36). */
  clientSharingClosed: () => new AppError(409, "guardian_already_decided", t("public.manage.clientSharing.minorClosed")),
  timeslotFull: publicErrors.timeslotFull,
  noTimeslot: publicErrors.noTimeslot,
};
