import { LANGUAGES, loadCatalogue } from "@common/i18n";
import { catalogue } from "@common/i18n/catalogue";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./app/providers";
import { createRouter } from "./app/router";
import "./index.css";

for (const language of LANGUAGES) loadCatalogue(language, catalogue[language]);

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from index.html");

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createRouter()} />
    </Providers>
  </StrictMode>,
);
