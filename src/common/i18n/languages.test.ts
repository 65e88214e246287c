import { describe, expect, it } from "vitest";
import { acceptedTags, languageOfTag, preferredLanguage } from "./languages";

describe("the person's language", () => {
  it("orders Accept-Language by quality, keeping the order of equals and dropping q=0", () => {
    expect(acceptedTags("fr;q=0.5, en-GB;q=0.8, es-AR, de;q=0")).toEqual(["es-AR", "en-GB", "fr"]);
    expect(acceptedTags(undefined)).toEqual([]);
    expect(acceptedTags(" ,;q=1, x;q=abc")).toEqual([]);
  });

  it("speaks es-AR to any Spanish, English to any English, and es-AR to anyone else", () => {
    expect(languageOfTag("es-MX")).toBe("es-AR");
    expect(languageOfTag("EN_us")).toBe("en");
    expect(languageOfTag("pt-BR")).toBeNull();
    expect(preferredLanguage(["pt-BR", "en-US", "es"])).toBe("en");
    expect(preferredLanguage(["de", "fr"])).toBe("es-AR");
    expect(preferredLanguage([])).toBe("es-AR");
  });
});
