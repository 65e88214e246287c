/**
 * What a hiding capability covers (issue 33, ADR 021), cleared from every reply the server builds
 * about a registration: the list's rows, the detail (and so the PDF sheet the web prints from it),
 * the same person's registrations in other events, the rows a write answers with. Each reply
 * builder passes its reply through `redactFor`; nothing is cleared route by route.
 *
 * - without `contacts.see`: the registrant's fields defined `hiddenWithout: "contacts.see"`
 *   (e-mail, phone, Instagram, birth date; the age stays) and the guardian's name and e-mail are null
 *   (on a registration's privacy block; the check-in card's `guardian` is null);
 * - without `photos.see`: no photo reference (`photos` is empty, `photoUrl` null).
 */
import { callerHolds, type Caller } from "@common/permissions";
import { fieldsHiddenWithout } from "@common/registrant/fields";

/** The guardian's data on a registration's privacy block, hidden with the contacts. */
const GUARDIAN_CONTACTS = ["guardianName", "guardianEmail"] as const;

const HIDDEN_CONTACTS: readonly string[] = fieldsHiddenWithout("contacts.see");

type Reply = Record<string, unknown>;

function withoutContacts(reply: Reply): Reply {
  const cleared: Reply = { ...reply };
  for (const name of HIDDEN_CONTACTS) if (name in cleared) cleared[name] = null;
  const privacy = cleared.privacy as Reply | null | undefined;
  if (privacy) cleared.privacy = { ...privacy, ...Object.fromEntries(GUARDIAN_CONTACTS.map((name) => [name, null])) };
  if (cleared.guardian) cleared.guardian = null;
  if (Array.isArray(cleared.related)) cleared.related = (cleared.related as Reply[]).map(withoutContacts);
  return cleared;
}

function withoutPhotos(reply: Reply): Reply {
  const cleared: Reply = { ...reply };
  if ("photos" in cleared) cleared.photos = [];
  if ("photoUrl" in cleared) cleared.photoUrl = null;
  return cleared;
}

/** `reply` as `reader` may see it: what a capability it lacks hides is null (or an empty list of photos). */
export function redactFor<T extends object>(reader: Caller, reply: T): T {
  let seen = reply as Reply;
  if (!callerHolds(reader, "contacts.see")) seen = withoutContacts(seen);
  if (!callerHolds(reader, "photos.see")) seen = withoutPhotos(seen);
  return seen as T;
}
