/**
 * How a time slot's room reads wherever people pick one (the public form, the staff edit form): one
 * rule for both (issue 32). A full slot is said in words, never by fading the whole option: the
 * 70 % opacity it had put "0 lugares disponibles" at 3.84:1, under WCAG AA.
 */
import { LOW_AVAILABILITY_THRESHOLD } from "@common/constants";

export type SlotRoom = "open" | "low" | "full";

/** Open, low (docs/product.md §9: 3 spots or fewer, in red) or full. */
export function slotRoom(availableSpots: number): SlotRoom {
  if (availableSpots <= 0) return "full";
  return availableSpots <= LOW_AVAILABILITY_THRESHOLD ? "low" : "open";
}

/**
 * The room line's text colour: design tokens whose contrast on a slot's background meets AA in both
 * themes (slot-availability.test.ts measures them against theme.css).
 */
export const SLOT_ROOM_TEXT: Record<SlotRoom, string> = {
  open: "text-muted-foreground",
  low: "font-medium text-destructive",
  full: "font-medium text-foreground",
};
