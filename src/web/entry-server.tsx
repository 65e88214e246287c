/**
 * The public visitor entry rendered on the server (built by `vite build -c vite.ssr.config.ts` into
 * dist/ssr; src/server/http/public-pages.ts loads it). The same tree as public-main.tsx hydrates,
 * with every page given as it is (no lazy boundary left loading) and the state embedded in the page.
 */
import { LANGUAGES, loadCatalogue } from "@common/i18n";
import { publicCatalogue } from "@common/i18n/catalogue.public";
import type { PublicPageState } from "@common/schemas/public-page";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { PublicVisitorApp, type PublicPages, type VisitorLocation } from "./app/public-visitor-app";
import { HomePage } from "./features/landing/pages/home-page";
import { LandingPage } from "./features/landing/pages/landing-page";
import { PageStateContext } from "./features/public/page-state";
import { RegisterPage } from "./features/public/pages/register-page";
import { SuccessPage } from "./features/public/pages/success-page";
import { VerifyPage } from "./features/public/pages/verify-page";
import { ManagePage } from "./features/public/pages/manage-page";
import { WaitlistPage } from "./features/public/pages/waitlist-page";
import { PrivacyPage } from "./features/public/pages/privacy-page";
import { AuthenticPage } from "./features/public/pages/authentic-page";
import { PlacePage } from "./features/public/pages/place-page";
import { DisplayPage } from "./features/public/pages/display-page";
import { LanguageProvider } from "./lib/language";
import { ThemeProvider } from "./lib/theme";

// Both languages, once, before the first page (the server's import waits for this module's top level).
for (const language of LANGUAGES) loadCatalogue(language, await publicCatalogue[language]());

const pages: PublicPages = {
  home: HomePage,
  landing: LandingPage,
  register: RegisterPage,
  success: SuccessPage,
  verify: VerifyPage,
  manage: ManagePage,
  waitlist: WaitlistPage,
  privacy: PrivacyPage,
  authentic: AuthenticPage,
  place: PlacePage,
  display: DisplayPage,
};

/** The HTML of #root for a public page at `location`, rendered with `state`. */
export function render(location: VisitorLocation, state: PublicPageState): string {
  // Synchronous: nothing suspends (no lazy pages here), so requests in other languages never interleave.
  return renderToString(
    <StrictMode>
      <PageStateContext.Provider value={state}>
        <LanguageProvider initial={state.language}>
          <ThemeProvider>
            <PublicVisitorApp pages={pages} at={location} />
          </ThemeProvider>
        </LanguageProvider>
      </PageStateContext.Provider>
    </StrictMode>,
  );
}
