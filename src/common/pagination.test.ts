import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pageCount, pageItems, shownRange } from "./pagination";

describe("pageItems", () => {
  it("shows every number at 5 pages or fewer", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("puts ellipses where numbers are skipped", () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, "ellipsis", 10]);
    expect(pageItems(5, 10)).toEqual([1, "ellipsis", 4, 5, 6, "ellipsis", 10]);
    expect(pageItems(10, 10)).toEqual([1, "ellipsis", 7, 8, 9, 10]);
  });

  it("never hides a single number behind an ellipsis", () => {
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, "ellipsis", 10]);
    expect(pageItems(3, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("always holds the first, the last and the current page, ascending, without doubles", () => {
    fc.assert(
      fc.property(fc.integer({ min: 6, max: 500 }), fc.integer({ min: 1, max: 500 }), (total, raw) => {
        const current = ((raw - 1) % total) + 1;
        const items = pageItems(current, total);
        const numbers = items.filter((i): i is number => i !== "ellipsis");
        expect(numbers).toContain(1);
        expect(numbers).toContain(total);
        expect(numbers).toContain(current);
        expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
        expect(new Set(numbers).size).toBe(numbers.length);
        items.forEach((item, i) => {
          if (item === "ellipsis") expect(items[i + 1]).not.toBe("ellipsis");
        });
        expect(items.length).toBeLessThanOrEqual(7);
      }),
    );
  });
});

describe("shownRange and pageCount", () => {
  it("gives the 1-based range of a page, clipped to the total", () => {
    expect(shownRange(1, 20, 45)).toEqual({ from: 1, to: 20 });
    expect(shownRange(3, 20, 45)).toEqual({ from: 41, to: 45 });
    expect(shownRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
  });

  it("counts at least one page", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});
