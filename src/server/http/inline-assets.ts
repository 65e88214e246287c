/**
 * What a first visit on a slow phone network needs before the first paint, put in the page itself:
 * the stylesheet (a `<style>`) and the theme script (an inline `<script>`, allowed by its hash in the
 * Content-Security-Policy). Nothing else is fetched before that paint: the font (`font-display:
 * swap`, with a fallback sized to match) and the page's modules (started by an inline script after
 * the first paint, `hydrate-after-paint.js`) arrive after it, so on a slow link the first paint
 * waits on the HTML alone.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const THEME_SCRIPT = '<script src="/theme-init.js"></script>';
const INLINE_SCRIPTS = ["theme-init.js", "hydrate-after-paint.js"];

function inlineScript(webRoot: string, file: string): string | undefined {
  const full = path.join(webRoot, file);
  return existsSync(full) ? readFileSync(full, "utf8") : undefined;
}

/** The CSP sources allowing the inlined scripts ('sha256-…'), those the build has. */
export function inlineScriptHashes(webRoot: string | undefined): string[] {
  if (!webRoot) return [];
  return INLINE_SCRIPTS.map((file) => inlineScript(webRoot, file))
    .filter((script) => script !== undefined)
    .map((script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`);
}

/** `html` (a built entry's page) with its stylesheet and theme script inlined. */
export function inlineCriticalAssets(html: string, webRoot: string): string {
  let page = html;
  const script = inlineScript(webRoot, "theme-init.js");
  if (script && page.includes(THEME_SCRIPT)) page = page.replace(THEME_SCRIPT, () => `<script>${script}</script>`);
  return page.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (link, file: string) => {
    const css = path.join(webRoot, file);
    if (!existsSync(css)) return link;
    return `<style>${readFileSync(css, "utf8").replace(/<\/style/gi, "<\\/style")}</style>`;
  });
}

/**
 * `html` without the module script and module preloads the build put in its head, and their paths
 * (the entry first): `hydrateAfterPaint` starts them once the page is painted.
 */
export function takeModuleScripts(html: string): { html: string; modules: string[] } {
  const modules: string[] = [];
  const rest = html
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
      modules.unshift(src);
      return "";
    })
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      modules.push(href);
      return "";
    });
  return { html: rest, modules };
}

/**
 * Makes the inline script that fetches a page's `modules` (the entry first) after the first paint;
 * it makes "" when the build has no such script (the page then stays as the server drew it).
 */
export function hydrateAfterPaint(webRoot: string): (modules: string[]) => string {
  const script = inlineScript(webRoot, "hydrate-after-paint.js");
  return (modules) => {
    if (!script || modules.length === 0) return "";
    const list = [...new Set(modules)].join(" ").replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
    return `<script data-modules="${list}">${script}</script>`;
  };
}
