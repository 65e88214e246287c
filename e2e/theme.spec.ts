import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** docs/product.md §4 Theme: the saved value under 'theme', else the system preference; persisted; no flash. */

/**
 * Records whether <html> is dark at the moment <body> is created: after the head's scripts ran
 * and before anything can be painted. React has not started by then, so only the head script
 * can have set the class.
 */
async function recordThemeBeforeBody(page: Page) {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      observer.disconnect();
      (window as unknown as { darkBeforeBody: boolean }).darkBeforeBody = document.documentElement.classList.contains("dark");
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

const darkBeforeBody = (page: Page) => page.evaluate(() => (window as unknown as { darkBeforeBody?: boolean }).darkBeforeBody);

test("with nothing saved the theme follows the system, before the first paint", async ({ page }) => {
  await recordThemeBeforeBody(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  expect(await darkBeforeBody(page)).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBeNull();

  await page.emulateMedia({ colorScheme: "light" });
  await page.reload();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  expect(await darkBeforeBody(page)).toBe(false);
});

test("a chosen theme is saved under 'theme', survives reloads and wins over the system", async ({ page }) => {
  await recordThemeBeforeBody(page);
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await page.getByRole("button", { name: "Cambiar a tema oscuro" }).click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

  await page.reload();
  expect(await darkBeforeBody(page)).toBe(true);
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.getByRole("button", { name: "Cambiar a tema claro" })).toBeVisible();

  // Another page of the app, and a system that now prefers dark while light is saved.
  await page.getByRole("button", { name: "Cambiar a tema claro" }).click();
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/landing");
  expect(await darkBeforeBody(page)).toBe(false);
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
});

test("the theme toggle works from the keyboard", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  const toggle = page.getByRole("button", { name: "Cambiar a tema oscuro" });
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.getByRole("button", { name: "Cambiar a tema claro" })).toBeFocused();
});
