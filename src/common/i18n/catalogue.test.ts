import { parse, type Token } from "@messageformat/parser";
import { describe, expect, it } from "vitest";
import { catalogue } from "./catalogue";
import { publicCatalogue } from "./catalogue.public";
import { LANGUAGES } from "./languages";
import type { NamespaceMessages } from "./index";

/** Every message of a language: id → ICU text. */
function messagesOf(namespaces: Record<string, NamespaceMessages>): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (prefix: string, node: NamespaceMessages) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === "string") out.set(`${prefix}${key}`, value);
      else if (!Array.isArray(value)) walk(`${prefix}${key}.`, value);
    }
  };
  for (const [namespace, node] of Object.entries(namespaces)) walk(`${namespace}.`, node);
  return out;
}

/** The arguments a message interpolates ({name}, {count, plural, …}), at any depth. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "argument" || token.type === "function") names.add(token.arg);
      if (token.type === "plural" || token.type === "select") {
        names.add(token.arg);
        for (const option of token.cases) walk(option.tokens);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

const spanish = messagesOf(catalogue["es-AR"]);
const english = messagesOf(catalogue.en);

describe("the catalogue", () => {
  it("has every message in both languages, and nothing in one only", () => {
    expect([...english.keys()].filter((id) => !spanish.has(id))).toEqual([]);
    expect([...spanish.keys()].filter((id) => !english.has(id))).toEqual([]);
  });

  it("has no empty message", () => {
    for (const language of LANGUAGES) {
      const empty = [...messagesOf(catalogue[language])].filter(([, text]) => text.trim() === "").map(([id]) => id);
      expect(empty, language).toEqual([]);
    }
  });

  it("is valid ICU MessageFormat, with the same arguments in both languages", () => {
    for (const [id, text] of spanish) {
      expect(argumentsOf(english.get(id) ?? ""), id).toEqual(argumentsOf(text));
    }
  });

  it("gives the public entry the same namespaces as the whole catalogue", async () => {
    for (const language of LANGUAGES) {
      for (const [namespace, messages] of Object.entries(await publicCatalogue[language]())) {
        expect(messages).toBe(catalogue[language][namespace]);
      }
    }
  });
});
