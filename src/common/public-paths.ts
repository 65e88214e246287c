/**
 * The public visitor's pages (docs/product.md §2): the home page (/), the landing (/landing),
 * /events/{eventId}/register and its short address /e/{slug} (issue 32), /registration/success and
 * /verify/{token}; issue 19's /manage and /waitlist, issue 18's /privacy (the notice), issue 39's
 * /authentic, and issue 35's casting day: a person's place in the line (/turno) and the venue's
 * screen (/events/{eventId}/display). They are a separate, small web entry (public.html): the server
 * renders it for these paths, the Vite dev server serves it, and the entry's tiny router matches the
 * same patterns.
 */
export type PublicVisitorPage =
  | { page: "home" }
  | { page: "landing" }
  // An event's registration page, by its id or by its short address (the same page).
  | { page: "register"; eventId: string; slug?: undefined; linkSlug?: undefined }
  | { page: "register"; slug: string; eventId?: undefined; linkSlug?: string }
  | { page: "success" }
  | { page: "verify"; token: string }
  // The registrant's own page and a waiting-list entry's (issue 19): their token is the query's `t`.
  | { page: "manage" }
  | { page: "waitlist" }
  // The agency's privacy notice on its own (issue 18).
  | { page: "privacy" }
  // "¿Es real este casting?" (issue 39).
  | { page: "authentic" }
  // The casting day (issue 35): a person's place in the line, by the query's `t` (the manage or the
  // check-in token), and the venue's screen, by the query's `key`.
  | { page: "place" }
  | { page: "display"; eventId: string };

const REGISTER = /^\/events\/([^/]+)\/register\/?$/;
// `/e/<event slug>`, and `/e/<event slug>/<link slug>`: a tracked link to the same page (issue 38).
const SHORT_REGISTER = /^\/e\/([^/]+)\/?$/;
const LINK_REGISTER = /^\/e\/([^/]+)\/([^/]+)\/?$/;
const SUCCESS = /^\/registration\/success\/?$/;
const VERIFY = /^\/verify\/([^/]+)\/?$/;
const LANDING = /^\/landing\/?$/;
const MANAGE = /^\/manage\/?$/;
const WAITLIST = /^\/waitlist\/?$/;
const PRIVACY = /^\/privacy\/?$/;
const AUTHENTIC = /^\/authentic\/?$/;
const PLACE = /^\/turno\/?$/;
const DISPLAY = /^\/events\/([^/]+)\/display\/?$/;

export function matchPublicVisitorPage(pathname: string): PublicVisitorPage | null {
  if (pathname === "/") return { page: "home" };
  if (LANDING.test(pathname)) return { page: "landing" };
  const register = REGISTER.exec(pathname);
  if (register?.[1]) return { page: "register", eventId: safeDecode(register[1]) };
  const short = SHORT_REGISTER.exec(pathname);
  if (short?.[1]) return { page: "register", slug: safeDecode(short[1]).toLowerCase() };
  const link = LINK_REGISTER.exec(pathname);
  if (link?.[1] && link[2])
    return { page: "register", slug: safeDecode(link[1]).toLowerCase(), linkSlug: safeDecode(link[2]).toLowerCase() };
  if (SUCCESS.test(pathname)) return { page: "success" };
  const verify = VERIFY.exec(pathname);
  if (verify?.[1]) return { page: "verify", token: safeDecode(verify[1]) };
  if (MANAGE.test(pathname)) return { page: "manage" };
  if (WAITLIST.test(pathname)) return { page: "waitlist" };
  if (PRIVACY.test(pathname)) return { page: "privacy" };
  if (AUTHENTIC.test(pathname)) return { page: "authentic" };
  if (PLACE.test(pathname)) return { page: "place" };
  const display = DISPLAY.exec(pathname);
  if (display?.[1]) return { page: "display", eventId: safeDecode(display[1]) };
  return null;
}

/**
 * A person's place in the casting day's line (issue 35), by a token of their registration: where the
 * check-in QR code's link sends a phone nobody is signed in on.
 */
export const PLACE_PATH = "/turno";

/** An event's short address, `/e/<slug>`: the path its links, QR codes and posters carry. */
export function eventShortPath(slug: string): string {
  return `/e/${encodeURIComponent(slug)}`;
}

/** A tracked link's address, `/e/<event slug>/<link slug>` (issue 38). */
export function linkShortPath(eventSlug: string, linkSlug: string): string {
  return `${eventShortPath(eventSlug)}/${encodeURIComponent(linkSlug)}`;
}

/**
 * Where a visit to a registration page came from (issue 38): the tracked link's slug of
 * `/e/<event>/<link>`, else the address's `utm_source`; undefined when neither.
 */
export function visitSource(pathname: string, search: string): string | undefined {
  const match = matchPublicVisitorPage(pathname);
  if (match?.page === "register" && match.linkSlug) return match.linkSlug;
  const utm = new URLSearchParams(search).get("utm_source")?.trim();
  return utm ? utm.slice(0, 100) : undefined;
}

export function isPublicVisitorPath(pathname: string): boolean {
  return matchPublicVisitorPage(pathname) !== null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A public page's document title, followed by the agency's name (issue 32): "Registro para X · Agencia". */
export function agencyTitle(title: string, agencyName: string): string {
  return `${title} · ${agencyName}`;
}

/** "¿Es real este casting?" (issue 39): where anyone checks that a link, a code or a message is the agency's. */
export const AUTHENTIC_PATH = "/authentic";

/** The page as e-mails, the PDF sheet and the footer write it for people: "casting.agency.com/authentic". */
export function authenticSite(publicUrl: string): string {
  return `${new URL(publicUrl).host}${AUTHENTIC_PATH}`;
}
