/**
 * What a first visit on a slow phone network waits for before the first paint, put in the page
 * itself: the stylesheet (a `<style>`), the theme script (an inline `<script>`, allowed by its hash
 * in the Content-Security-Policy) and a preload of the font the stylesheet names, so the text is
 * drawn once, in its font, without a second round trip per file or a shift when the font arrives.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const THEME_SCRIPT = '<script src="/theme-init.js"></script>';

function themeScript(webRoot: string): string | undefined {
  const file = path.join(webRoot, "theme-init.js");
  return existsSync(file) ? readFileSync(file, "utf8") : undefined;
}

/** The CSP source allowing the inlined theme script ('sha256-…'), when the build has one. */
export function inlineScriptHashes(webRoot: string | undefined): string[] {
  const script = webRoot ? themeScript(webRoot) : undefined;
  return script ? [`'sha256-${createHash("sha256").update(script).digest("base64")}'`] : [];
}

/** `html` (a built entry's page) with its stylesheet, theme script and font inlined or preloaded. */
export function inlineCriticalAssets(html: string, webRoot: string): string {
  let page = html;
  const script = themeScript(webRoot);
  if (script && page.includes(THEME_SCRIPT)) page = page.replace(THEME_SCRIPT, () => `<script>${script}</script>`);
  page = page.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (link, file: string) => {
    const css = path.join(webRoot, file);
    if (!existsSync(css)) return link;
    const content = readFileSync(css, "utf8");
    const fonts = [...new Set([...content.matchAll(/url\((\/assets\/[^)]+\.woff2)\)/g)].map((m) => m[1]))];
    const preloads = fonts.map((font) => `<link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin>`);
    return [...preloads, `<style>${content.replace(/<\/style/gi, "<\\/style")}</style>`].join("\n    ");
  });
  return page;
}
