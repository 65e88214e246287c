import { t } from "@common/i18n";
/** The registrations module's errors, declared once: code, status and the catalogue's text. */
import { AppError, errors } from "../../errors";

export const registrationErrors = {
  notFound: () => new AppError(404, "not_found", t("registrations.errors.notFound")),
  reviewAdminsOnly: () => errors.forbidden(t("registrations.errors.reviewAdminsOnly")),
  foreignTimeslot: () => errors.validation({ timeslotId: t("registrations.errors.foreignTimeslot") }),
  timeslotFull: () => errors.conflict("timeslot_full", t("registrations.edit.timeslotFull")),
  duplicate: () => errors.conflict("duplicate_registration", t("registrations.edit.duplicate")),
  /** The e-mail given is waiting in the event (issue 19: never registered and waiting at once). */
  onWaitingList: () =>
    new AppError(409, "on_waiting_list", t("registrations.edit.onWaitingList"), { email: t("registrations.edit.onWaitingList") }),
  /** 'Asistió' for a minor without the guardian's approval (issue 32): the door's override is the only way in. */
  guardianApprovalRequired: (guardianStatus: "pending" | "refused") =>
    errors.conflict(
      "guardian_approval_required",
      t(guardianStatus === "refused" ? "checkin.errors.listGuardianRefused" : "checkin.errors.listGuardianPending"),
    ),
  alreadyVerified: () => errors.conflict("already_verified", t("registrations.errors.alreadyVerified")),
};
