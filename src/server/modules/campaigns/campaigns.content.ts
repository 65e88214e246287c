/**
 * What staff type into the e-mail modal, made safe: HTML through an allow-list (no scripts, no
 * event handlers, no javascript: links), plain text escaped with its line breaks kept, and the
 * plain-text part of every HTML message derived from the sanitised HTML.
 */
import { convert, type HtmlToTextOptions } from "html-to-text";
import sanitizeHtml from "sanitize-html";
import { escapeHtml } from "../../mail/layout";

const CSS_LENGTH = /^-?\d+(\.\d+)?(px|em|rem|%|pt)?(\s+-?\d+(\.\d+)?(px|em|rem|%|pt)?){0,3}$/;
const CSS_COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.\s,%]+\)|[a-z]+)$/i;
const CSS_WORD = /^[a-z-]+$/i;

// Inline styles are how e-mail HTML is formatted; only these properties, with values that
// cannot load anything (no url(), no expression()).
const ALLOWED_STYLES: Record<string, RegExp[]> = {
  color: [CSS_COLOR],
  "background-color": [CSS_COLOR],
  "font-size": [CSS_LENGTH],
  "font-weight": [/^(normal|bold|bolder|lighter|\d{3})$/],
  "font-style": [CSS_WORD],
  "font-family": [/^[a-z0-9 ,'"-]+$/i],
  "text-align": [CSS_WORD],
  "text-decoration": [/^[a-z -]+$/i],
  "line-height": [CSS_LENGTH],
  margin: [CSS_LENGTH],
  padding: [CSS_LENGTH],
  width: [CSS_LENGTH],
  "max-width": [CSS_LENGTH],
  border: [/^[\d.]+(px)?\s+(solid|dashed|dotted)\s+(#[0-9a-f]{3,8}|[a-z]+)$/i],
  "border-radius": [CSS_LENGTH],
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "center", "font"],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    td: ["colspan", "rowspan", "align", "valign"],
    th: ["colspan", "rowspan", "align", "valign"],
    table: ["width", "align", "border", "cellpadding", "cellspacing"],
    font: ["color", "size"],
    "*": ["style", "align"],
  },
  allowedStyles: { "*": ALLOWED_STYLES },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  // Script and style bodies go entirely, not left behind as text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "head"],
  disallowedTagsMode: "discard",
  transformTags: {
    // A link never gets a handle on the opener; rel is always ours, never the author's.
    a: (tagName, attribs) => {
      const { rel: _rel, target, ...rest } = attribs;
      return { tagName, attribs: target ? { ...rest, target: "_blank", rel: "noopener noreferrer" } : rest };
    },
  },
};

export function sanitizeCampaignHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Plain text as HTML: escaped, blank lines make paragraphs, single line breaks are kept. */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((paragraph) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

const TEXT_OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    ...["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: "ul", options: { itemPrefix: "- " } },
    { selector: "a", options: { linkBrackets: ["(", ")"] as [string, string], hideLinkHrefIfSameAsText: true } },
    // An image says what its alt text says; its address means nothing in a text part.
    { selector: "img", format: "altText" },
    { selector: "table", format: "dataTable" },
  ],
  formatters: {
    altText: (element, _walk, builder) => builder.addInline(element.attribs?.alt ?? ""),
  },
};

/** The text part of an HTML message, links spelled out. */
export function htmlToText(sanitizedHtml: string): string {
  return convert(sanitizedHtml, TEXT_OPTIONS);
}
