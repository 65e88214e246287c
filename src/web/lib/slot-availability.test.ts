import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SLOT_ROOM_TEXT, slotRoom } from "./slot-availability";

/** The theme's colour tokens, light (`:root`) and dark (`.dark`), as OKLCH triples. */
function tokens(): Record<"light" | "dark", Record<string, [number, number, number]>> {
  const css = readFileSync(path.resolve("src/web/theme.css"), "utf8");
  const block = (selector: string) => {
    const body = new RegExp(`^${selector.replace(".", "\\.")} \\{([^}]*)\\}`, "m").exec(css)?.[1] ?? "";
    const out: Record<string, [number, number, number]> = {};
    for (const [, name, l, c, h] of body.matchAll(/--([\w-]+):\s*oklch\(([\d.]+) ([\d.]+) ([\d.]+)\)/g)) {
      out[name!] = [Number(l), Number(c), Number(h)];
    }
    return out;
  };
  return { light: block(":root"), dark: block(".dark") };
}

/** OKLCH → linear sRGB (Björn Ottosson's matrices), clipped to the gamut. */
function linearRgb([l, c, h]: [number, number, number]): number[] {
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const l3 = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m3 = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s3 = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3,
    -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3,
    -0.0041960863 * l3 - 0.7034186147 * m3 + 1.707614701 * s3,
  ].map((v) => Math.min(1, Math.max(0, v)));
}

const encode = (v: number) => (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);
const decode = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
/** `top` at `alpha` over `bottom`, blended as a browser does (in gamma-encoded sRGB). */
const over = (top: number[], bottom: number[], alpha: number) =>
  top.map((v, i) => decode(encode(v) * alpha + encode(bottom[i]!) * (1 - alpha)));
const luminance = ([r, g, b]: number[]) => 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
function contrast(a: number[], b: number[]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe("a time slot's room", () => {
  it("is open above 3 spots, low at 3 or fewer (docs/product.md §9), full at none", () => {
    expect([5, 4, 3, 1, 0, -1].map(slotRoom)).toEqual(["open", "open", "low", "low", "full", "full"]);
  });

  // Issue 32: "0 lugares disponibles" in red at 70 % opacity read at 3.84:1.
  it("reads at WCAG AA (4.5:1) on every background a slot option takes, in both themes", () => {
    const theme = tokens();
    for (const mode of ["light", "dark"] as const) {
      const colour = (name: string) => linearRgb(theme[mode][name]!);
      const card = colour("card");
      const backgrounds = {
        card, // the public form's options (chosen or not), the staff form's
        "primary/5 over card": over(colour("primary"), card, 0.05), // the staff form's chosen slot
      };
      for (const [room, classes] of Object.entries(SLOT_ROOM_TEXT)) {
        const token = /text-([\w-]+)/.exec(classes)![1]!;
        expect(classes, room).not.toMatch(/\/\d+|opacity/);
        for (const [name, background] of Object.entries(backgrounds)) {
          expect(contrast(colour(token), background), `${mode}: ${room} (${token}) on ${name}`).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
  });

  it("measures contrast as the issue did: the old red at 70 % on a card", () => {
    const light = tokens().light;
    const card = linearRgb(light.card!);
    expect(contrast(over(linearRgb(light.destructive!), card, 0.7), card)).toBeCloseTo(3.84, 1);
  });
});
