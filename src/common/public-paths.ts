/**
 * The public visitor's pages (SPEC.md §2): the home page (/), the landing (/landing),
 * /events/{eventId}/register, /registration/success and /verify/{token}; issue 19's /manage and
 * /waitlist, and issue 18's /privacy (the notice). They are a separate, small
 * web entry (public.html): the server renders it for these paths, the Vite dev server serves it, and
 * the entry's tiny router matches the same patterns.
 */
export type PublicVisitorPage =
  | { page: "home" }
  | { page: "landing" }
  | { page: "register"; eventId: string }
  | { page: "success" }
  | { page: "verify"; token: string }
  // The registrant's own page and a waiting-list entry's (issue 19): their token is the query's `t`.
  | { page: "manage" }
  | { page: "waitlist" }
  // The agency's privacy notice on its own (issue 18).
  | { page: "privacy" };

const REGISTER = /^\/events\/([^/]+)\/register\/?$/;
const SUCCESS = /^\/registration\/success\/?$/;
const VERIFY = /^\/verify\/([^/]+)\/?$/;
const LANDING = /^\/landing\/?$/;
const MANAGE = /^\/manage\/?$/;
const WAITLIST = /^\/waitlist\/?$/;
const PRIVACY = /^\/privacy\/?$/;

export function matchPublicVisitorPage(pathname: string): PublicVisitorPage | null {
  if (pathname === "/") return { page: "home" };
  if (LANDING.test(pathname)) return { page: "landing" };
  const register = REGISTER.exec(pathname);
  if (register?.[1]) return { page: "register", eventId: safeDecode(register[1]) };
  if (SUCCESS.test(pathname)) return { page: "success" };
  const verify = VERIFY.exec(pathname);
  if (verify?.[1]) return { page: "verify", token: safeDecode(verify[1]) };
  if (MANAGE.test(pathname)) return { page: "manage" };
  if (WAITLIST.test(pathname)) return { page: "waitlist" };
  if (PRIVACY.test(pathname)) return { page: "privacy" };
  return null;
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
