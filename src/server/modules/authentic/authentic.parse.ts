/**
 * What a pasted text may hold that /authentic can recognise (issue 39): links to the agency's own
 * event pages (`/events/<id>/register`, `/e/<slug>` on PUBLIC_URL's host, and no other host),
 * registration codes (OC-XXXXXX) and campaign messages' codes (OCM-XXXX-XXXX). A few of each at
 * most: a pasted wall of codes costs no more than a short message.
 */
import { matchPublicVisitorPage } from "@common/public-paths";
import { isSlug } from "@common/slugs";

export interface Candidates {
  eventIds: string[];
  slugs: string[];
  registrationCodes: string[];
  messageCodes: string[];
}

const MOST = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CODE_CHARS = "[2-9A-HJKMNP-Z]";
const REGISTRATION_CODE = new RegExp(`(?<![A-Z0-9-])OC-(${CODE_CHARS}{6})(?![A-Z0-9])`, "gi");
const MESSAGE_CODE = new RegExp(`(?<![A-Z0-9-])OCM-(${CODE_CHARS}{4})-?(${CODE_CHARS}{4})(?![A-Z0-9])`, "gi");
/** A link, with or without its scheme: host (and port), then a path. */
const LINK = /(?:https?:\/\/)?((?:[a-z0-9-]+\.)*[a-z0-9-]+(?::\d{1,5})?)(\/[^\s<>"'()[\]{}]*)/gi;

const push = (list: string[], value: string) => {
  if (list.length < MOST && !list.includes(value)) list.push(value);
};

export function findCandidates(text: string, publicUrl: string): Candidates {
  const found: Candidates = { eventIds: [], slugs: [], registrationCodes: [], messageCodes: [] };
  const host = new URL(publicUrl).host.toLowerCase();
  for (const [, linkHost = "", rawPath = ""] of text.matchAll(LINK)) {
    if (linkHost.toLowerCase() !== host) continue;
    const path = rawPath.split(/[?#]/)[0]!.replace(/[.,;:!]+$/, "");
    const page = matchPublicVisitorPage(path);
    if (page?.page !== "register") continue;
    if (page.eventId !== undefined && UUID.test(page.eventId)) push(found.eventIds, page.eventId.toLowerCase());
    if (page.slug !== undefined && isSlug(page.slug)) push(found.slugs, page.slug);
  }
  for (const [, code = ""] of text.matchAll(REGISTRATION_CODE)) push(found.registrationCodes, `OC-${code.toUpperCase()}`);
  for (const [, a = "", b = ""] of text.matchAll(MESSAGE_CODE)) push(found.messageCodes, `OCM-${a}-${b}`.toUpperCase());
  return found;
}
