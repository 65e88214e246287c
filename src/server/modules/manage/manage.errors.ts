/** The manage page's errors, declared once: code, status and the catalogue's text. */
import { t } from "@common/i18n";
import { AppError } from "../../errors";
import { publicErrors } from "../public/public.errors";

export const manageErrors = {
  invalidToken: () => new AppError(404, "invalid_token", t("public.manage.invalid")),
  cancelled: () => new AppError(409, "registration_cancelled", t("public.errors.registrationCancelled")),
  sameTimeslot: () => new AppError(409, "same_timeslot", t("public.errors.sameTimeslot")),
  timeslotFull: publicErrors.timeslotFull,
  noTimeslot: publicErrors.noTimeslot,
};
