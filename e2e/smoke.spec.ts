import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

test("the app opens in Chromium with the public shell", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Iniciar Sesión" })).toHaveAttribute("href", "/login");
  await expect(page.getByRole("link", { name: "contacto@agency.test" })).toBeVisible();
  await expect(page.getByText(String(new Date().getFullYear()))).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("an unknown path shows the 404 page with a way back", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
  await page.getByRole("link", { name: "Volver al inicio" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the API answers health and the JSON 404 through the real server", async ({ request }) => {
  expect((await request.get("/api/health")).status()).toBe(200);
  const missing = await request.get("/api/nope");
  expect(missing.status()).toBe(404);
  expect((await missing.json()).error.code).toBe("route_not_found");
});
