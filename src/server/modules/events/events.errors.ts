/**
 * The events module's errors, declared once: code, status and the catalogue's text. Other modules
 * that look an event up (public, campaigns) throw these too.
 */
import { events as texts } from "@common/texts/events";
import { AppError, errors } from "../../errors";

export const eventErrors = {
  notFound: () => new AppError(404, "event_not_found", texts.errors.notFound),
  foreignTimeslot: (index: number) => errors.validation({ [`timeslots.${index}.id`]: texts.errors.foreignTimeslot }),
  timeslotInUse: (range: string, count: number) => errors.conflict("timeslot_in_use", texts.errors.timeslotInUse(range, count)),
  capacityBelowRegistrations: (range: string, count: number) =>
    errors.conflict("capacity_below_registrations", texts.errors.capacityBelowRegistrations(range, count)),
  timeslotInUseGeneric: () => errors.conflict("timeslot_in_use", texts.errors.timeslotInUseGeneric),
};
