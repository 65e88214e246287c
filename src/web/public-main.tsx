/**
 * The public visitor entry (public.html): the home page and the landing, and the registration,
 * success and verification pages for people on their phones at a venue (and, on the casting day,
 * their place in the line and the venue's screen). Kept small: no router, query, toast or class-merging libraries, and
 * only the reader's language (English is fetched when it is the one to start in, or on the switch).
 *
 * The server renders these pages (src/web/entry-server.tsx) with the state they show embedded as
 * JSON: the client hydrates that HTML in the same language with the same state, so nothing is
 * redrawn or fetched again. Without that state (the Vite dev server) the client renders them itself.
 */
import { DEFAULT_LANGUAGE, loadCatalogue, prepareNumberFormat, type Language } from "@common/i18n";
import { publicCatalogue } from "@common/i18n/catalogue.public";
import { matchPublicVisitorPage } from "@common/public-paths";
import { PAGE_STATE_ELEMENT_ID, type PublicPageState } from "@common/schemas/public-page";
import { lazy, StrictMode, type ComponentType } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { PublicVisitorApp, type PublicPages } from "./app/public-visitor-app";
import { PageStateContext } from "./features/public/page-state";
import { initialLanguage, LanguageProvider } from "./lib/language";
import { ThemeProvider } from "./lib/theme";
import "./public.css";

const loaded = new Map<Language, Promise<void>>();

function prepare(language: Language): Promise<void> {
  let loading = loaded.get(language);
  if (!loading) {
    loading = publicCatalogue[language]().then((namespaces) => loadCatalogue(language, namespaces));
    // A failed fetch (a dropped connection) may be tried again on the next switch.
    loading.catch(() => loaded.delete(language));
    loaded.set(language, loading);
  }
  return loading;
}

const pageModules = {
  home: () => import("./features/landing/pages/home-page").then((m) => m.HomePage),
  landing: () => import("./features/landing/pages/landing-page").then((m) => m.LandingPage),
  register: () => import("./features/public/pages/register-page").then((m) => m.RegisterPage),
  success: () => import("./features/public/pages/success-page").then((m) => m.SuccessPage),
  verify: () => import("./features/public/pages/verify-page").then((m) => m.VerifyPage),
  manage: () => import("./features/public/pages/manage-page").then((m) => m.ManagePage),
  waitlist: () => import("./features/public/pages/waitlist-page").then((m) => m.WaitlistPage),
  privacy: () => import("./features/public/pages/privacy-page").then((m) => m.PrivacyPage),
  authentic: () => import("./features/public/pages/authentic-page").then((m) => m.AuthenticPage),
  place: () => import("./features/public/pages/place-page").then((m) => m.PlacePage),
  display: () => import("./features/public/pages/display-page").then((m) => m.DisplayPage),
};

const lazyPage = <P,>(load: () => Promise<ComponentType<P>>) => lazy(() => load().then((page) => ({ default: page })));

const lazyPages: PublicPages = {
  home: lazyPage(pageModules.home),
  landing: lazyPage(pageModules.landing),
  register: lazyPage(pageModules.register),
  success: lazyPage(pageModules.success),
  verify: lazyPage(pageModules.verify),
  manage: lazyPage(pageModules.manage),
  waitlist: lazyPage(pageModules.waitlist),
  privacy: lazyPage(pageModules.privacy),
  authentic: lazyPage(pageModules.authentic),
  place: lazyPage(pageModules.place),
  display: lazyPage(pageModules.display),
};

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from public.html");

const stateElement = document.getElementById(PAGE_STATE_ELEMENT_ID);
const state = stateElement?.textContent ? (JSON.parse(stateElement.textContent) as PublicPageState) : null;

const app = (language: Language, pages: PublicPages) => (
  <StrictMode>
    <PageStateContext.Provider value={state}>
      <LanguageProvider initial={language} rendered={state !== null} prepare={prepare}>
        <ThemeProvider>
          <PublicVisitorApp pages={pages} />
        </ThemeProvider>
      </LanguageProvider>
    </PageStateContext.Provider>
  </StrictMode>
);

if (state && root.firstChild) {
  // The page's language and its own module first, so hydration meets the tree the server drew.
  const match = matchPublicVisitorPage(window.location.pathname);
  void Promise.all([
    prepare(DEFAULT_LANGUAGE).then(() => prepare(state.language)),
    match ? pageModules[match.page]() : null,
  ]).then(async ([, page]) => {
    // Hydration is one task: what it can do ahead, it does in a task of its own, so the phone can
    // answer a tap in between (Lighthouse's blocking time counts each task's excess over 50 ms).
    prepareNumberFormat(state.language);
    await new Promise((resolve) => setTimeout(resolve, 0));
    hydrateRoot(root, app(state.language, match && page ? { ...lazyPages, [match.page]: page } : lazyPages));
    // The page answers taps from now on (the journeys wait for this mark before using it).
    document.documentElement.dataset.hydrated = "";
  });
} else {
  // Spanish is part of this entry: when English cannot be fetched, the page opens in Spanish.
  const start = initialLanguage();
  void prepare(DEFAULT_LANGUAGE)
    .then(() =>
      prepare(start).then(
        () => start,
        () => DEFAULT_LANGUAGE,
      ),
    )
    .then((language) => createRoot(root).render(app(language, lazyPages)));
}
