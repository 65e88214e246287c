/**
 * The public visitor's pages (SPEC.md §2): /events/{eventId}/register, /registration/success and
 * /verify/{token}. They are a separate, small web entry (public.html): the server serves it for these
 * paths, the Vite dev server too, and the entry's tiny router matches the same patterns.
 */
export type PublicVisitorPage =
  | { page: "register"; eventId: string }
  | { page: "success" }
  | { page: "verify"; token: string }
  // The registrant's own page and a waiting-list entry's (issue 19): their token is the query's `t`.
  | { page: "manage" }
  | { page: "waitlist" };

const REGISTER = /^\/events\/([^/]+)\/register\/?$/;
const SUCCESS = /^\/registration\/success\/?$/;
const VERIFY = /^\/verify\/([^/]+)\/?$/;
const MANAGE = /^\/manage\/?$/;
const WAITLIST = /^\/waitlist\/?$/;

export function matchPublicVisitorPage(pathname: string): PublicVisitorPage | null {
  const register = REGISTER.exec(pathname);
  if (register?.[1]) return { page: "register", eventId: safeDecode(register[1]) };
  if (SUCCESS.test(pathname)) return { page: "success" };
  const verify = VERIFY.exec(pathname);
  if (verify?.[1]) return { page: "verify", token: safeDecode(verify[1]) };
  if (MANAGE.test(pathname)) return { page: "manage" };
  if (WAITLIST.test(pathname)) return { page: "waitlist" };
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
