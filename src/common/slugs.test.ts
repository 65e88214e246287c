import { describe, expect, it } from "vitest";
import { FALLBACK_SLUG, isSlug, SLUG_MAX_LENGTH, slugCandidate, slugify } from "./slugs";

describe("slugs: an event's short address", () => {
  it("folds accents and joins words with single hyphens", () => {
    expect(slugify("Casting Córdoba 2027")).toBe("casting-cordoba-2027");
    expect(slugify("  ¡Niñas & Niños — Güemes!  ")).toBe("ninas-ninos-guemes");
    expect(slugify("São Paulo / Straße Œuvre")).toBe("sao-paulo-strasse-oeuvre");
    expect(slugify("Casting_2027__final")).toBe("casting-2027-final");
    expect(slugify("ＣＡＳＴＩＮＧ ２０２７")).toBe("casting-2027");
  });

  it("falls back when nothing of the name can be kept", () => {
    expect(slugify("★★★")).toBe(FALLBACK_SLUG);
    expect(slugify("東京")).toBe(FALLBACK_SLUG);
    expect(slugify("")).toBe(FALLBACK_SLUG);
  });

  it("stays within the length, cut after a whole word", () => {
    expect(slugify("Casting Córdoba 2027 — Nuevas caras para la temporada de invierno")).toBe(
      "casting-cordoba-2027-nuevas-caras-para-la-temporada-de",
    );
    expect(slugify(`${"a".repeat(SLUG_MAX_LENGTH - 1)} bcd`)).toBe("a".repeat(SLUG_MAX_LENGTH - 1));
    expect(slugify(`${"a".repeat(SLUG_MAX_LENGTH)} bcd`)).toBe("a".repeat(SLUG_MAX_LENGTH));
    // One word longer than the whole: cut inside it.
    expect(slugify("b".repeat(SLUG_MAX_LENGTH + 5))).toBe("b".repeat(SLUG_MAX_LENGTH));
    expect(isSlug(slugify("palabra ".repeat(40)))).toBe(true);
  });

  it("numbers the candidates for a taken slug within the length", () => {
    expect(slugCandidate("casting", 1)).toBe("casting");
    expect(slugCandidate("casting", 2)).toBe("casting-2");
    const long = "b".repeat(SLUG_MAX_LENGTH);
    expect(slugCandidate(long, 12)).toBe(`${"b".repeat(SLUG_MAX_LENGTH - 3)}-12`);
    expect(slugCandidate(`${"c".repeat(SLUG_MAX_LENGTH - 3)}-x`, 2)).toBe(`${"c".repeat(SLUG_MAX_LENGTH - 3)}-2`);
  });

  it("accepts only lower-case letters, digits and single inner hyphens", () => {
    for (const good of ["a", "casting-2027", "x1-y2-z3", "a".repeat(SLUG_MAX_LENGTH)]) expect(isSlug(good), good).toBe(true);
    for (const bad of ["", "Casting", "córdoba", "a--b", "-a", "a-", "a b", "a/b", "a_b", "a".repeat(SLUG_MAX_LENGTH + 1)])
      expect(isSlug(bad), bad).toBe(false);
  });
});
