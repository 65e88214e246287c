/**
 * What the server renders a public page with (src/server/http/public-pages.ts) and embeds in it as
 * JSON (`<script type="application/json" id="page-state">`), so the client hydrates the same tree
 * without fetching it again (src/web/public-main.tsx).
 */
import type { Language } from "../i18n/languages";
import type { Agency } from "./agency";
import type { AuthenticPageState } from "./authentic";
import type { PrivacyNotice } from "./privacy";
import type { PublicEvent } from "./public-responses";

export interface PublicPageState {
  /** The language the page was rendered in (the saved choice's cookie, else Accept-Language). */
  language: Language;
  /**
   * The agency's calendar date when the page was made (`YYYY-MM-DD`): it bounds the birth-date
   * picker. Computing it in the browser would build an Intl.DateTimeFormat while the page hydrates
   * (ADR 013).
   */
  today: string;
  /** PUBLIC_URL's host, which the footer names in its "verificá en <host>/authentic" line (issue 39). */
  host?: string;
  /** The footer's contact address: the agency's. */
  contactEmail: string | null;
  /** The agency whose page it is (issue 32): its name and logo head the page (GET /api/public/agency). */
  agency?: Agency;
  /**
   * The registration page's event, or `notFound` when it is missing or inactive (a 404 page): by the
   * id or the short address's slug the page was asked for.
   */
  event?: { id: string; slug: string; data: PublicEvent } | { id: string; notFound: true } | { slug: string; notFound: true };
  /** The success page's registration code and the address its e-mail went to, for its token `e`. */
  success?:
    { token: string; registrationCode: string; email: string; guardianPendingEmail?: string } | { token: string; notFound: true };
  /** The privacy page's notice: the current version. */
  notice?: PrivacyNotice;
  /** "¿Es real este casting?" (issue 39): the open calls, the senders, the report form's token. */
  authentic?: AuthenticPageState;
}

/** The id of the JSON script element holding the state. */
export const PAGE_STATE_ELEMENT_ID = "page-state";

/** The cookie that carries a visitor's language choice to the server, which renders pages in it. */
export const LANGUAGE_COOKIE = "opencall-language";

/** Serialises the state for an inline JSON script: `<` escaped, so no text can close the element. */
export function serialisePageState(state: PublicPageState): string {
  return JSON.stringify(state)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
