/** Which built files each public page loads (the public build's manifest), for the rendered page's hydration. */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { PublicVisitorPage } from "@common/public-paths";

type PageName = PublicVisitorPage["page"];

/** A page's chunk and what it imports (the build's manifest): fetched with the entry, so hydration waits on one round trip. */
export function pageModules(webRoot: string): Record<PageName, string[]> {
  const file = path.join(webRoot, ".vite/manifest-public.json");
  const empty = {
    home: [],
    landing: [],
    register: [],
    success: [],
    verify: [],
    manage: [],
    waitlist: [],
    privacy: [],
    authentic: [],
    place: [],
    display: [],
  };
  if (!existsSync(file)) return empty;
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, { file: string; imports?: string[] }>;
  const links = (key: string) => {
    const files = new Set<string>();
    const visit = (k: string) => {
      const chunk = manifest[k];
      if (!chunk || k === "public.html" || files.has(chunk.file)) return;
      files.add(chunk.file);
      chunk.imports?.forEach(visit);
    };
    visit(key);
    return [...files].map((f) => `/${f}`);
  };
  return {
    home: links("features/landing/pages/home-page.tsx"),
    landing: links("features/landing/pages/landing-page.tsx"),
    register: links("features/public/pages/register-page.tsx"),
    success: links("features/public/pages/success-page.tsx"),
    verify: links("features/public/pages/verify-page.tsx"),
    manage: links("features/public/pages/manage-page.tsx"),
    waitlist: links("features/public/pages/waitlist-page.tsx"),
    privacy: links("features/public/pages/privacy-page.tsx"),
    authentic: links("features/public/pages/authentic-page.tsx"),
    place: links("features/public/pages/place-page.tsx"),
    display: links("features/public/pages/display-page.tsx"),
  };
}
