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

test("a member reviews an event read-only, edits a registration, and cannot delete", async ({ page, consoleGuard }) => {
  // The delete this test tries is refused on purpose (403); the browser logs the response.
  consoleGuard.allow(/Failed to load resource: the server responded with a status of 403/);
  // This journey starts its own app on a seeded database (about 30 s on a loaded runner).
  test.setTimeout(180_000);
  await signInAs(page, app.baseUrl, SEED.member);
  // 'Ver registros' arrives with the event in the navigation state; here it is remembered instead.
  await page.goto(`${app.baseUrl}/dashboard`);
  await page.evaluate((eventId) => localStorage.setItem("opencall.selectedEventId", eventId), app.eventId);
  await page.goto(`${app.baseUrl}/dashboard/scouting/registrations`);
  await expect(page.getByRole("heading", { name: `Registros (${SEED.total})` })).toBeVisible();

  // No admin controls.
  await expect(page.getByRole("link", { name: "Descargar CSV" })).toHaveCount(0);
  await expect(page.getByLabel("Seleccionar todos los de esta página")).toHaveCount(0);
  const row = page.getByRole("listitem", { name: SEED.pendingName });
  await expect(row.getByRole("checkbox")).toHaveCount(0);

  // Liked, attended and rating are disabled, with the hints.
  await expect(row.getByRole("button", { name: "Seleccionada" })).toBeDisabled();
  await expect(row.getByRole("button", { name: "Seleccionada" })).toHaveAttribute("title", "Solo admins pueden cambiar esto");
  await expect(row.getByRole("button", { name: "Asistió" })).toBeDisabled();
  await expect(row.getByRole("button", { name: "3 estrellas" })).toBeDisabled();
  await expect(row.getByRole("button", { name: "3 estrellas" })).toHaveAttribute("title", "Solo admins pueden calificar");
  await expectNoSeriousA11yViolations(page);

  // Members edit registrations; the full slot cannot be chosen.
  await row.getByRole("link", { name: `Editar registro de ${SEED.pendingName}` }).click();
  await expect(page.getByRole("heading", { name: "Editar Registro" })).toBeVisible();
  await expect(page.getByRole("radio", { name: /14:00 - 16:00\s*Completo$/ })).toBeDisabled();
  await page.getByRole("radio", { name: /12:00 - 14:00/ }).check();
  await page.getByLabel("Teléfono").fill("0351 555-1111");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Guardar Cambios" }).click();
  await expect(page.getByRole("heading", { name: `Registros (${SEED.total})` })).toBeVisible();
  await expect(page.getByRole("listitem", { name: SEED.pendingName })).toContainText("12:00 - 14:00");
  await expect(page.getByRole("listitem", { name: SEED.pendingName })).toContainText("3515551111");

  // Delete is offered, but the server refuses a member.
  await page.getByRole("button", { name: `Eliminar registro de ${SEED.pendingName}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Eliminar" }).click();
  await expect(page.getByText("No se pudo eliminar el registro. Verifique los permisos.")).toBeVisible();
  await expect(page.getByRole("listitem", { name: SEED.pendingName })).toBeVisible();
});
