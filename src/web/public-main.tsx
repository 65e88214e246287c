/**
 * The public visitor entry (public.html): registration, success and verification pages for people
 * on their phones at a venue. Kept small: no router, query, toast or class-merging libraries.
 */
import { LANGUAGES, loadCatalogue } from "@common/i18n";
import { publicCatalogue } from "@common/i18n/catalogue.public";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { PublicVisitorApp } from "./app/public-visitor-app";
import { LanguageProvider } from "./lib/language";
import { ThemeProvider } from "./lib/theme";
import "./index.css";

for (const language of LANGUAGES) loadCatalogue(language, publicCatalogue[language]);

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from public.html");

createRoot(root).render(
  <StrictMode>
    <LanguageProvider>
      <ThemeProvider>
        <PublicVisitorApp />
      </ThemeProvider>
    </LanguageProvider>
  </StrictMode>,
);
