/**
 * docs/product.md quotes the product's texts between « and »: each must be a text of the catalogue
 * (src/common/i18n/<language>/*.json), a whole message or one branch of a plural or select, so the
 * product's description never drifts from what people read.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

type Tree = { [key: string]: string | Tree };

function messagesIn(tree: Tree): string[] {
  return Object.values(tree).flatMap((value) => (typeof value === "string" ? [value] : messagesIn(value)));
}

/** A message, and the text of each of its innermost `{…}` branches (`{# lugar disponible}`). */
function readableForms(message: string): string[] {
  const branches = [...message.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] ?? "").filter((text) => /\s/.test(text));
  return [message, ...branches];
}

export function catalogueTexts(root = "src/common/i18n"): Set<string> {
  const texts = new Set<string>();
  for (const language of ["es-AR", "en"]) {
    for (const file of readdirSync(`${root}/${language}`).filter((name) => name.endsWith(".json"))) {
      const tree = JSON.parse(readFileSync(`${root}/${language}/${file}`, "utf8")) as Tree;
      for (const message of messagesIn(tree)) for (const form of readableForms(message)) texts.add(normalise(form));
    }
  }
  return texts;
}

function normalise(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Every «quoted» text of a Markdown document (a quote may wrap onto the next line), with its line. */
export function quotedTexts(markdown: string): { line: number; text: string }[] {
  return [...markdown.matchAll(/«([^»]+)»/g)].map((match) => ({
    line: markdown.slice(0, match.index).split("\n").length,
    text: normalise(match[1] ?? ""),
  }));
}

describe("the texts docs/product.md quotes", () => {
  const texts = catalogueTexts();
  const quotes = quotedTexts(readFileSync("docs/product.md", "utf8"));

  it("quote the product's screens, mails and errors (the description is not empty)", () => {
    expect(quotes.length).toBeGreaterThan(100);
  });

  it("are each a text of the catalogue, word for word", () => {
    const missing = quotes
      .filter((quote) => !texts.has(quote.text))
      .map((quote) => `docs/product.md:${quote.line}: «${quote.text}»`);
    expect(missing).toEqual([]);
  });

  it("would catch a text the catalogue does not hold", () => {
    expect(texts.has("Confirmada")).toBe(true);
    expect(texts.has("Debes ser mayor de 16 años para registrarte.")).toBe(false);
    expect(quotedTexts("a «b  c» d «e\nf»\n«g»")).toEqual([
      { line: 1, text: "b c" },
      { line: 1, text: "e f" },
      { line: 3, text: "g" },
    ]);
  });
});
