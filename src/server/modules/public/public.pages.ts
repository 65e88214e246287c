/**
 * The public visitor's pages rendered on the server (issue 21, ADR 013): the home page, the landing,
 * an event's registration page, success and verification (and issue 18's privacy notice, issue 39's /authentic,
 * issue 35's place in the line and venue's screen). The built public.html with the page's HTML in #root (dist/ssr/entry-server.js, the public entry's server build), the
 * state it was rendered with as JSON for hydration, and the head a shared link and a search engine
 * read: title, description, Open Graph and Twitter tags, `<html lang>`.
 *
 * A missing or inactive event's page is the not-found page with a 404 status and no share tags.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { todayIso } from "@common/dates";
import { formatDateFor } from "@common/dates-language";
import { acceptedTags, isLanguage, preferredLanguage, translator, type Language } from "@common/i18n";
import { agencyTitle, eventShortPath, matchPublicVisitorPage } from "@common/public-paths";
import { LANGUAGE_COOKIE, PAGE_STATE_ELEMENT_ID, serialisePageState, type PublicPageState } from "@common/schemas/public-page";
import type { PublicEvent } from "@common/schemas/public-responses";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import { hydrateAfterPaint, inlineCriticalAssets, takeModuleScripts } from "../../http/inline-assets";
import { authenticPageState } from "../authentic/authentic.page";
import { publicCaches, type EventPageKey } from "./public.cache";
import { createPublicService } from "./public.service";
import { pageModules } from "./public.page-modules";
import { createShareRepository } from "./share.repository";
import { headHtml, type Head } from "./public.page-head";

/** The server build's export (src/web/entry-server.tsx). */
interface SsrEntry {
  render: (location: { pathname: string; search: string }, state: PublicPageState) => string;
}

export interface RenderedPage {
  status: number;
  html: string;
  language: Language;
  /** Where to send the visitor instead (a signed-in user opening the home page). */
  redirect?: string;
}

/** The page's language: the visitor's saved choice (a cookie the web app writes), else Accept-Language. */
export function pageLanguage(request: Pick<FastifyRequest, "headers">): Language {
  const cookie = request.headers.cookie ?? "";
  const saved = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]+)`).exec(cookie)?.[1];
  if (isLanguage(saved)) return saved;
  return preferredLanguage(acceptedTags(request.headers["accept-language"]));
}

/** public.html cut where the page's parts go. */
interface Template {
  beforeLang: string;
  beforeHead: string;
  beforeRoot: string;
  afterRoot: string;
}

function splitTemplate(html: string): Template {
  const withoutHead = html
    .replace(/<title>[^<]*<\/title>\s*/, "")
    .replace(/<meta name="description"[^>]*>\s*/, "")
    .replace(/<html lang="[^"]*"/, '<html lang="\u0000LANG\u0000"')
    .replace(/(<meta name="viewport"[^>]*>)/, "$1\n    \u0000HEAD\u0000")
    .replace('<div id="root"></div>', '<div id="root">\u0000ROOT\u0000');
  const [beforeLang = "", rest1 = ""] = withoutHead.split("\u0000LANG\u0000");
  const [beforeHead = "", rest2 = ""] = rest1.split("\u0000HEAD\u0000");
  const [beforeRoot = "", afterRoot = ""] = rest2.split("\u0000ROOT\u0000");
  if (!afterRoot) throw new Error('public.html has no <div id="root"></div> or no viewport meta');
  return { beforeLang, beforeHead, beforeRoot, afterRoot };
}

type CachedEvent = { data: PublicEvent; slug: string; updatedAt: string } | { notFound: true };

/**
 * An active event's registration page: its head with the share tags, or the not-found page's. Both
 * of its addresses (by id, by slug) name the short one as canonical, the one links and posters carry.
 */
function registerHead(event: CachedEvent, language: Language, publicUrl: string): Head {
  const t = translator(language);
  if ("notFound" in event)
    return { title: t("share.notFound.title"), description: t("share.notFound.description"), noindex: true };
  const { id, eventName, eventDate, location } = event.data;
  const pageUrl = `${publicUrl}${eventShortPath(event.slug)}`;
  const date = formatDateFor(language, eventDate);
  const description = t("share.event.description", { date, place: location });
  const lang = language === "en" ? "&lang=en" : "";
  return {
    title: t("public.register.documentTitle", { eventName }),
    description,
    share: {
      title: eventName,
      description,
      url: pageUrl,
      // The version changes with each edit of the event, so a crawler fetches the new card.
      image: `${publicUrl}/og/events/${encodeURIComponent(id)}.png?v=${event.updatedAt}${lang}`,
      imageAlt: t("share.event.imageAlt", { eventName, date, place: location }),
    },
  };
}

/**
 * How the page's event is read, for the one cache of event pages (public.cache.ts): a rush on one
 * event renders from one read every few seconds; misses are kept as briefly.
 */
function eventPageLoader(ctx: Pick<AppContext, "db" | "config">) {
  const service = createPublicService(ctx);
  const cards = createShareRepository(ctx.db);
  return async (key: EventPageKey): Promise<CachedEvent> => {
    try {
      let data: PublicEvent;
      let card: Awaited<ReturnType<typeof cards.findActiveEventCard>>;
      if (key.startsWith("slug:")) {
        card = await cards.findActiveEventCard(key.slice(5), "slug");
        if (!card) return { notFound: true };
        data = await service.getEvent(card.id);
      } else {
        [data, card] = await Promise.all([service.getEvent(key.slice(3)), cards.findActiveEventCard(key.slice(3))]);
        // Made inactive between the two reads: gone.
        if (!card) return { notFound: true };
      }
      return { data, slug: card.slug, updatedAt: String(card.updatedAt.getTime()) };
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return { notFound: true };
      throw error;
    }
  };
}

/** The success page's code and address for its token, or notFound (the page then says so). */
async function successState(service: ReturnType<typeof createPublicService>, token: string): Promise<PublicPageState["success"]> {
  try {
    const found = await service.registrationSuccess(token);
    const { registrationCode, email } = found;
    return "guardianPendingEmail" in found
      ? { token, registrationCode, email, guardianPendingEmail: found.guardianPendingEmail }
      : { token, registrationCode, email };
  } catch (error) {
    if (!(error instanceof AppError && error.statusCode === 404)) throw error;
    return { token, notFound: true };
  }
}

/** The home page's and the landing's head: their own share card. */
function landingHead(language: Language, pageUrl: string, publicUrl: string): Head {
  const t = translator(language);
  return {
    title: t("share.landing.title"),
    description: t("share.landing.description"),
    share: {
      title: t("share.landing.title"),
      description: t("share.landing.description"),
      url: pageUrl,
      image: `${publicUrl}/og/landing.png${language === "en" ? "?lang=en" : ""}`,
      imageAlt: t("share.landing.imageAlt"),
    },
  };
}

/** public.html with the page's language, head, rendered root, state (for hydration) and scripts. */
function pageHtml(
  template: Template,
  language: Language,
  headTags: string,
  root: string,
  state: PublicPageState,
  scripts: string,
) {
  const stateScript = `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${serialisePageState(state)}</script>`;
  return `${template.beforeLang}${language}${template.beforeHead}${headTags}${template.beforeRoot}${root}</div>\n    ${stateScript}\n    ${scripts}${template.afterRoot}`;
}

/**
 * Loads the server build and public.html; undefined when either is missing (the server then sends
 * public.html as it is, and the client renders it).
 */
export async function createPublicPageRenderer(
  ctx: Pick<AppContext, "db" | "config" | "getUser" | "agency">,
  files: { webRoot: string; ssrEntry: string },
  log: FastifyBaseLogger,
) {
  const htmlFile = path.join(files.webRoot, "public.html");
  if (!existsSync(htmlFile) || !existsSync(files.ssrEntry)) {
    log.warn({ ssrEntry: files.ssrEntry }, "public pages' server build missing; public.html is served unrendered");
    return undefined;
  }
  const ssr = (await import(pathToFileURL(files.ssrEntry).href)) as SsrEntry;
  // The page's scripts leave the head: they start after the first paint (http/inline-assets.ts).
  const { html: built, modules: entryModules } = takeModuleScripts(readFileSync(htmlFile, "utf8"));
  const template = splitTemplate(inlineCriticalAssets(built, files.webRoot));
  const modules = pageModules(files.webRoot);
  const hydration = hydrateAfterPaint(files.webRoot);
  const service = createPublicService(ctx);
  const caches = publicCaches(ctx.db);
  const loadEvent = eventPageLoader(ctx);
  const publicUrl = ctx.config.publicUrl.replace(/\/$/, "");
  const host = new URL(publicUrl).host;

  return async function renderPublicPage(request: FastifyRequest): Promise<RenderedPage> {
    const [pathname = "/", query = ""] = request.url.split("?");
    const search = query ? `?${query}` : "";
    const match = matchPublicVisitorPage(pathname);
    const language = pageLanguage(request);
    const t = translator(language);
    const agency = await ctx.agency.current();
    const state: PublicPageState = { language, today: todayIso(), host, contactEmail: agency.contactEmail, agency };
    let status = 200;
    let head: Head;
    let page: string[] = [];
    // The home page and the landing are the product's, speaking to agencies; the others the agency's.
    const product = match?.page === "home" || match?.page === "landing";

    if (match?.page === "home" || match?.page === "landing") {
      // docs/product.md §2: '/' sends a signed-in user to the dashboard (the session is looked up only when
      // the request carries cookies).
      if (match.page === "home" && request.headers.cookie && (await ctx.getUser(request)))
        return { status: 302, html: "", language, redirect: "/dashboard" };
      page = modules[match.page];
      head = landingHead(language, `${publicUrl}${pathname}`, publicUrl);
    } else if (match?.page === "register") {
      const key: EventPageKey = match.slug !== undefined ? `slug:${match.slug}` : `id:${match.eventId}`;
      const event = (await caches.eventPage(key, loadEvent)) ?? { notFound: true };
      if ("notFound" in event)
        state.event = match.slug !== undefined ? { slug: match.slug, notFound: true } : { id: match.eventId, notFound: true };
      else state.event = { id: event.data.id, slug: event.slug, data: event.data };
      status = "notFound" in event ? 404 : 200;
      page = "notFound" in event ? [] : modules.register;
      head = registerHead(event, language, publicUrl);
    } else if (match?.page === "success") {
      page = modules.success;
      state.success = await successState(service, new URLSearchParams(search).get("e") ?? "");
      head = { title: t("share.success.title"), description: t("share.success.description"), noindex: true };
    } else if (match?.page === "privacy") {
      page = modules.privacy;
      state.notice = await caches.currentNotice();
      head = { title: t("privacy.notice.title"), description: t("privacy.notice.description") };
    } else if (match?.page === "authentic") {
      page = modules.authentic;
      state.authentic = await authenticPageState(ctx, agency);
      head = { title: t("public.authentic.title"), description: t("public.authentic.description", { agency: agency.name }) };
    } else if (match?.page === "manage" || match?.page === "waitlist") {
      page = modules[match.page]; // Issue 19's pages: what their token names is read in the browser.
      head = { title: t(`public.${match.page}.title`), description: t(`public.${match.page}.title`), noindex: true };
    } else if (match?.page === "place" || match?.page === "display") {
      // The casting day's pages (issue 35): live, so the browser reads them from their stream.
      page = modules[match.page];
      head = { title: t(`public.${match.page}.title`), description: t(`public.${match.page}.title`), noindex: true };
    } else {
      // The verification page POSTs its token from the browser (a GET never verifies).
      page = modules.verify;
      head = { title: t("share.verify.title"), description: t("share.verify.description"), noindex: true };
    }

    const headTags = product
      ? headHtml(head, language, t("share.siteName"), head.title)
      : headHtml(head, language, agency.name, agencyTitle(head.title, agency.name));
    const root = ssr.render({ pathname, search }, state);
    return { status, html: pageHtml(template, language, headTags, root, state, hydration([...entryModules, ...page])), language };
  };
}

export type PublicPageRenderer = NonNullable<Awaited<ReturnType<typeof createPublicPageRenderer>>>;
