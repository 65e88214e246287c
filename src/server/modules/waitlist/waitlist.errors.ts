/** The waiting list's errors, declared once: code, status and the catalogue's text. */
import { t } from "@common/i18n";
import { AppError, errors } from "../../errors";

export const waitlistErrors = {
  invalidToken: () => new AppError(404, "invalid_token", t("public.waitlist.invalid")),
  duplicate: () => new AppError(409, "duplicate_registration", t("public.errors.waitlistDuplicate")),
  offerUnavailable: () => new AppError(409, "offer_unavailable", t("public.errors.offerUnavailable")),
  entryNotFound: () => errors.notFound(),
  /** A slot that has started is offered to nobody, so its line takes nobody either (ADR 017). */
  slotStarted: () =>
    new AppError(409, "timeslot_started", t("public.errors.waitlistSlotStarted"), {
      timeslotId: t("public.errors.waitlistSlotStarted"),
    }),
  /** Staff removing someone who left the line meanwhile (accepted, declined, expired, removed). */
  notOnWaitlist: () => new AppError(409, "not_on_waitlist", t("registrations.waitlist.notWaiting")),
  /** An entry with no consent on record: it cannot become a registration (issue 18). */
  consentMissing: () => new AppError(409, "consent_required", t("privacy.consent.errors.waitlistEntry")),
};
