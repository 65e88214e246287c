import { agencyDateTime } from "@common/dates-language";

/** A moment's `HH:MM` on the agency's clock (Buenos Aires), as the room and the door read it. */
export function clockTime(moment: string): string {
  return agencyDateTime(moment).slice(-5);
}
