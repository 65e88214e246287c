import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { signInAsSuperadmin } from "./support/session";

test("the landing page speaks to agencies and leads to the sign-in", async ({ page }) => {
  await page.goto("/landing");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("feature-card")).toHaveCount(4);
  await expect(page.getByTestId("benefit-block")).toHaveCount(4);
  const main = page.getByRole("main");
  for (const name of ["Empezar ahora", "Iniciar Sesión"]) {
    const links = main.getByRole("link", { name, exact: true });
    expect(await links.count()).toBeGreaterThan(0);
    for (const link of await links.all()) await expect(link).toHaveAttribute("href", "/login");
  }
  await expect(page.getByRole("banner").getByRole("link", { name: "Iniciar Sesión" })).toHaveAttribute("href", "/login");
  await expect(page.getByRole("contentinfo")).toContainText(String(new Date().getFullYear()));
  await main.getByRole("link", { name: "Empezar ahora" }).first().click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the home page leads to the landing page, and both fit a 360 px screen", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole("link", { name: "Conocé OpenCall para agencias" }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByTestId("feature-card")).toHaveCount(4);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("a signed-in visitor can still read the landing page", async ({ page, baseURL }) => {
  await signInAsSuperadmin(page, baseURL);
  await page.goto("/landing");
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByTestId("benefit-block")).toHaveCount(4);
});

test("the skip link takes the keyboard straight to the content", async ({ page }) => {
  await page.goto("/landing");
  await expect(page.getByTestId("feature-card")).toHaveCount(4);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Saltar al contenido" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("main").getByRole("link", { name: "Empezar ahora" }).first()).toBeFocused();
});

for (const language of ["es-AR", "en"] as const) {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`the home page and the landing at 360 and 1280 px, ${language}, ${colorScheme}: whole, readable, axe clean`, async ({
      page,
      baseURL,
    }) => {
      await page.context().addCookies([{ name: "opencall-language", value: language, url: baseURL! }]);
      await page.emulateMedia({ colorScheme });
      const signIn = language === "en" ? "Sign in" : "Iniciar Sesión";
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        for (const path of ["/", "/landing"]) {
          await page.goto(path);
          await expect(page.locator("html")).toHaveAttribute("lang", language);
          await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          await expect(page.getByRole("banner").getByRole("link", { name: signIn })).toHaveAttribute("href", "/login");
          if (path === "/landing") {
            await expect(page.getByTestId("feature-card")).toHaveCount(4);
            await expect(page.getByTestId("benefit-block")).toHaveCount(4);
          }
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width} px`).toBeLessThanOrEqual(
            width,
          );
          await expectNoSeriousA11yViolations(page);
        }
      }
    });
  }
}
