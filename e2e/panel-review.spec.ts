import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { SEED } from "./support/registrations-seed";
import { signInAs, startSeededApp, type SeededApp } from "./support/seeded-app";

let app: SeededApp;
test.beforeAll(async () => {
  app = await startSeededApp();
});
test.afterAll(async () => {
  await app?.stop();
});

test("an admin reviews five registrants in the fast review with the keyboard only", async ({ page }) => {
  // This journey starts its own app on a seeded database (about 30 s on a loaded runner).
  test.setTimeout(180_000);
  await signInAs(page, app.baseUrl, SEED.admin);
  await page.goto(`${app.baseUrl}/dashboard`);
  await page.evaluate((eventId) => localStorage.setItem("opencall.selectedEventId", eventId), app.eventId);
  await page.goto(`${app.baseUrl}/dashboard/scouting/registrations`);
  await expect(page.getByRole("heading", { name: `Registros (${SEED.total})` })).toBeVisible();
  const names = await page.getByRole("tabpanel").getByRole("heading", { level: 3 }).allTextContents();
  expect(names).toHaveLength(20);

  await page.getByRole("button", { name: "Revisión rápida" }).focus();
  await page.keyboard.press("Enter");
  const review = page.getByTestId("fast-review");
  await expect(review).toBeVisible();
  const card = review.getByTestId("review-card");
  await expect(review.getByTestId("review-position")).toHaveText("1 de 20");

  // The shortcuts, on demand.
  await page.keyboard.press("?");
  await expect(review.getByTestId("shortcuts-overlay")).toContainText("Descartar: D");
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(review.getByTestId("shortcuts-overlay")).toHaveCount(0);

  // Five registrants: a score each, a stage for some, a note for one; → and J move on.
  const plan = [
    { score: "5", key: "s", stage: "Preseleccionado" },
    { score: "2", key: "d", stage: "Descartado" },
    { score: "4", key: null, stage: "Nuevo" },
    { score: "3", key: "s", stage: "Preseleccionado" },
    { score: "1", key: "d", stage: "Descartado" },
  ];
  for (const [i, step] of plan.entries()) {
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(names[i]!);
    await page.keyboard.press(step.score);
    await expect(card.getByRole("button", { name: `Puntuar ${step.score}` })).toHaveAttribute("aria-pressed", "true");
    if (step.key) await page.keyboard.press(step.key);
    await expect(card.getByTestId("stage-badge")).toHaveText(step.stage);
    if (i === 2) {
      await page.keyboard.press("n");
      await page.keyboard.type("Gran presencia, volver a ver");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await expect(card.getByRole("listitem").filter({ hasText: "Gran presencia, volver a ver" })).toContainText(SEED.admin.name);
    }
    await page.keyboard.press(i % 2 === 0 ? "ArrowRight" : "j");
  }
  await expect(review.getByTestId("review-position")).toHaveText("6 de 20");
  await page.keyboard.press("k");
  await expect(card.getByRole("heading", { level: 2 })).toHaveText(names[4]!);
  await expect(card.getByTestId("panel-summary")).toContainText("Mi puntaje: 1");

  await page.keyboard.press("Escape");
  await expect(review).toHaveCount(0);
  // The list shows what the review did.
  const first = page.getByRole("listitem", { name: names[0]! });
  await expect(first.getByLabel(`Etapa — ${names[0]!}`)).toHaveValue("shortlisted");
  await expect(first.getByTestId("panel-summary")).toContainText("Mi puntaje: 5");
  await page.getByRole("button", { name: "Sin mi puntaje" }).click();
  await expect(page.getByRole("heading", { name: `Registros (${SEED.total - 5})` })).toBeVisible();
});
