import { describe, expect, it } from "vitest";
import { t } from "../i18n";
import { createEventSchema, updateEventSchema } from "./events";

const valid = {
  eventName: "Casting",
  eventDate: "2026-03-05",
  location: "CABA",
  timeslots: [{ startTime: "10:00", endTime: "11:00", capacity: 10 }],
};

function errorsOf(input: unknown, schema = createEventSchema): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("event form schema (docs/product.md §5)", () => {
  it("requires name, date and location; description and confirmation details default to empty", () => {
    expect(createEventSchema.parse(valid)).toMatchObject({ description: "", confirmationDetails: "" });
    expect(errorsOf({ ...valid, eventName: " ", eventDate: "", location: "" })).toEqual({
      eventName: t("events.validation.eventNameRequired"),
      eventDate: t("events.validation.eventDateRequired"),
      location: t("events.validation.locationRequired"),
    });
  });

  it("wants at least one slot, each with times and an integer capacity of at least 1", () => {
    expect(errorsOf({ ...valid, timeslots: [] })).toEqual({ timeslots: t("events.validation.timeslotsRequired") });
    expect(
      errorsOf({
        ...valid,
        timeslots: [
          { startTime: "", endTime: "", capacity: 0 },
          { startTime: "10:00", endTime: "11:00", capacity: 2.5 },
          { startTime: "10:00", endTime: "11:00", capacity: Number.NaN },
        ],
      }),
    ).toEqual({
      "timeslots.0.startTime": t("events.validation.startTimeRequired"),
      "timeslots.0.endTime": t("events.validation.endTimeRequired"),
      "timeslots.0.capacity": t("events.validation.capacityMin", { min: 1 }),
      "timeslots.1.capacity": t("events.validation.capacityInteger"),
      "timeslots.2.capacity": t("events.validation.capacityInteger"),
    });
  });

  it("does not check that the end comes after the start", () => {
    expect(errorsOf({ ...valid, timeslots: [{ startTime: "18:00", endTime: "08:00", capacity: 1 }] })).toEqual({});
  });

  it("rejects impossible calendar dates", () => {
    expect(errorsOf({ ...valid, eventDate: "2026-02-29" })).toEqual({ eventDate: t("events.validation.eventDateInvalid") });
  });

  it("needs a status on edit", () => {
    expect(Object.keys(errorsOf(valid, updateEventSchema))).toEqual(["status"]);
    expect(errorsOf({ ...valid, status: "inactive" }, updateEventSchema)).toEqual({});
  });
});
