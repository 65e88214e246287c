/**
 * The public visitor entry (public.html): registration, success and verification pages for people
 * on their phones at a venue. Kept small: no router, query, toast or class-merging libraries, and
 * only the reader's language (English is fetched when it is the one to start in, or on the switch).
 */
import { DEFAULT_LANGUAGE, loadCatalogue, type Language } from "@common/i18n";
import { publicCatalogue } from "@common/i18n/catalogue.public";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { PublicVisitorApp } from "./app/public-visitor-app";
import { initialLanguage, LanguageProvider } from "./lib/language";
import { ThemeProvider } from "./lib/theme";
import "./index.css";

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

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from public.html");

function render(language: Language) {
  createRoot(root!).render(
    <StrictMode>
      <LanguageProvider initial={language} prepare={prepare}>
        <ThemeProvider>
          <PublicVisitorApp />
        </ThemeProvider>
      </LanguageProvider>
    </StrictMode>,
  );
}

// Spanish is part of this entry: when English cannot be fetched, the page opens in Spanish.
const start = initialLanguage();
void prepare(DEFAULT_LANGUAGE)
  .then(() =>
    prepare(start).then(
      () => start,
      () => DEFAULT_LANGUAGE,
    ),
  )
  .then(render);
