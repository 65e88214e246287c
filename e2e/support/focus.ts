import { expect, type Page } from "@playwright/test";

/** Tabs through the page and checks that every element that takes focus shows it. */
export async function expectVisibleFocus(page: Page, steps = 25) {
  for (let i = 0; i < steps; i++) {
    await page.keyboard.press("Tab");
    const focus = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      // Focus on a date/time input's own picker button lives in the browser's internal shadow tree:
      // the input then matches neither :focus nor :focus-visible, and Chromium draws its own ring.
      if (!el.matches(":focus")) return null;
      const style = getComputedStyle(el);
      return {
        name: `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30) || el.getAttribute("aria-label")}"`,
        visible: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0,
      };
    });
    if (focus) expect(focus.visible, `focus indicator on ${focus.name}`).toBe(true);
  }
}
