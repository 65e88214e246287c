/**
 * The public visitor entry (public.html): registration, success and verification pages for people
 * on their phones at a venue. Kept small: no router, query, toast or class-merging libraries.
 *
 * The server renders these pages (src/web/entry-server.tsx) with the state they show embedded as
 * JSON: the client hydrates that HTML with the same state, so nothing is redrawn or fetched again.
 */
import { LANGUAGES, loadCatalogue } from "@common/i18n";
import { publicCatalogue } from "@common/i18n/catalogue.public";
import { matchPublicVisitorPage } from "@common/public-paths";
import { PAGE_STATE_ELEMENT_ID, type PublicPageState } from "@common/schemas/public-page";
import { lazy, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { PublicVisitorApp, type PublicPages } from "./app/public-visitor-app";
import { PageStateContext } from "./features/public/page-state";
import { LanguageProvider } from "./lib/language";
import { ThemeProvider } from "./lib/theme";
import "./index.css";

for (const language of LANGUAGES) loadCatalogue(language, publicCatalogue[language]);

const pageModules = {
  register: () => import("./features/public/pages/register-page").then((m) => m.RegisterPage),
  success: () => import("./features/public/pages/success-page").then((m) => m.SuccessPage),
  verify: () => import("./features/public/pages/verify-page").then((m) => m.VerifyPage),
};

const lazyPages: PublicPages = {
  register: lazy(() => pageModules.register().then((page) => ({ default: page }))),
  success: lazy(() => pageModules.success().then((page) => ({ default: page }))),
  verify: lazy(() => pageModules.verify().then((page) => ({ default: page }))),
};

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from public.html");

const stateElement = document.getElementById(PAGE_STATE_ELEMENT_ID);
const state = stateElement?.textContent ? (JSON.parse(stateElement.textContent) as PublicPageState) : null;

const app = (pages: PublicPages) => (
  <StrictMode>
    <PageStateContext.Provider value={state}>
      <LanguageProvider rendered={state?.language}>
        <ThemeProvider>
          <PublicVisitorApp pages={pages} />
        </ThemeProvider>
      </LanguageProvider>
    </PageStateContext.Provider>
  </StrictMode>
);

if (state && root.firstChild) {
  // The page's own module first, so hydration meets no lazy boundary still loading.
  const match = matchPublicVisitorPage(window.location.pathname);
  const loading = match ? pageModules[match.page]() : Promise.resolve(null);
  void loading.then((loaded) => {
    hydrateRoot(root, app(match && loaded ? { ...lazyPages, [match.page]: loaded } : lazyPages));
  });
} else {
  createRoot(root).render(app(lazyPages));
}
