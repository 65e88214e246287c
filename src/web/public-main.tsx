/**
 * The public visitor entry (public.html): registration, success and verification pages for people
 * on their phones at a venue. Kept small: no router, query, toast or class-merging libraries.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { PublicVisitorApp } from "./app/public-visitor-app";
import { ThemeProvider } from "./lib/theme";
import "./index.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from public.html");

createRoot(root).render(
  <StrictMode>
    <ThemeProvider>
      <PublicVisitorApp />
    </ThemeProvider>
  </StrictMode>,
);
