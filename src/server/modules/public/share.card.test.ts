import { describe, expect, it } from "vitest";
import { eventCardSvg, wrapText } from "./share.card";

describe("wrapText", () => {
  it("breaks at spaces, cuts a word too long for a line, and ends a longer text with an ellipsis", () => {
    expect(wrapText("Casting abierto de primavera", 16, 3)).toEqual(["Casting abierto", "de primavera"]);
    expect(wrapText("Supercalifragilístico", 10, 2)).toEqual(["Supercali…"]);
    expect(wrapText("uno dos tres cuatro cinco seis", 9, 2)).toEqual(["uno dos", "tres…"]);
  });
});

describe("eventCardSvg", () => {
  it("escapes what the staff typed: an event's name never becomes markup", () => {
    const svg = eventCardSvg({
      siteName: "OpenCall",
      eyebrow: "Casting abierto",
      eventName: `Caras <nuevas> & "frescas"`,
      date: "14/10/27",
      place: "Rosario",
      cta: "Inscribite online",
    });
    expect(svg).toContain("Caras &lt;nuevas&gt; &amp; &quot;frescas&quot;");
    expect(svg).not.toContain("<nuevas>");
  });
});
