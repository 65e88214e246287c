import { z } from "zod";
import { isStorableIsoDate } from "../dates";

/**
 * A calendar date (`YYYY-MM-DD`) that PostgreSQL can hold: `z.iso.date()` accepts the year 0000,
 * which the database refuses ("date/time field value out of range"), so a filter such as
 * `?to=0000-01-01` would reach it and fail there instead of getting a clear 400.
 */
export const calendarDate = z.iso.date().refine(isStorableIsoDate, { error: "Invalid date" });
