/**
 * The product's sans stack (theme.css `--font-sans`). A sandboxed frame has an opaque origin and
 * cannot load the app's web font, so Inter shows where it is installed and the system's sans
 * elsewhere: never the browser's default serif.
 */
const PREVIEW_FONT =
  '"Inter Variable", Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** An e-mail's sanitised HTML as a document for a sandboxed preview frame, in the product's font. */
export function htmlPreviewDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:12px;font-family:${PREVIEW_FONT};font-size:14px;line-height:1.5;color:#1f1b2e;background:#fff;overflow-wrap:anywhere}</style></head><body>${html}</body></html>`;
}
