/**
 * The events module's errors, declared once: code, status and the catalogue's text. Other modules
 * that look an event up (public, campaigns) throw these too.
 */
import { t } from "@common/i18n";
import { AppError, errors } from "../../errors";

export const eventErrors = {
  notFound: () => new AppError(404, "event_not_found", t("events.errors.notFound")),
  foreignTimeslot: (index: number) => errors.validation({ [`timeslots.${index}.id`]: t("events.errors.foreignTimeslot") }),
  timeslotInUse: (range: string, count: number) =>
    errors.conflict("timeslot_in_use", t("events.errors.timeslotInUse", { range, count })),
  capacityBelowRegistrations: (range: string, count: number) =>
    errors.conflict("capacity_below_registrations", t("events.errors.capacityBelowRegistrations", { range, count })),
  timeslotInUseGeneric: () => errors.conflict("timeslot_in_use", t("events.errors.timeslotInUseGeneric")),
  capacityBelowHeldOffers: (range: string, registered: number, held: number) =>
    errors.conflict(
      "capacity_below_held_offers",
      t("events.errors.capacityBelowHeldOffers", { range, registered, held, total: registered + held }),
    ),
  /** Another event has that short address: named under the form's field too. */
  slugTaken: (slug: string) =>
    new AppError(409, "slug_taken", t("events.errors.slugTaken", { slug }), { slug: t("events.errors.slugTaken", { slug }) }),
  /** A callback's `callbackOf` that is no open call (issue 36). */
  openCallNotFound: () => errors.validation({ callbackOf: t("events.errors.openCallNotFound") }),
  /** An edit that changes the kind or the open call: both are fixed at creation. */
  kindFixed: () => errors.validation({ kind: t("events.errors.kindFixed") }),
  timeslotHasWaitlist: (range: string, count: number) =>
    errors.conflict("timeslot_has_waitlist", t("events.errors.timeslotHasWaitlist", { range, count })),
};
