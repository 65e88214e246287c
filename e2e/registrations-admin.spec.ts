import { readFileSync } from "node:fs";
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

test("an admin reviews an event: filters, search, rating, selection, CSV, resend, edit and delete", async ({ page }) => {
  // This journey starts its own app on a seeded database (about 30 s on a loaded runner).
  test.setTimeout(180_000);
  const url = (path: string) => `${app.baseUrl}${path}`;
  await signInAs(page, app.baseUrl, SEED.admin);
  await page.goto(url("/dashboard/scouting/registrations"));
  // The admin's only event is chosen without asking (issue 32).
  await expect(page.getByLabel("Evento")).toHaveValue(app.eventId);
  await expect(page.getByRole("heading", { name: `Registros (${SEED.total})` })).toBeVisible();
  await expect(page.getByText(`Mostrando 1 a 20 de ${SEED.total} resultados`)).toBeVisible();
  const pagination = page.getByRole("navigation", { name: "Paginación" });
  await expect(pagination.getByRole("button", { name: /^Página/ })).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);

  // Search is done by the server, debounced; it goes back to page 1.
  await pagination.getByRole("button", { name: "Página 2" }).click();
  await expect(page.getByText(`Mostrando 21 a 40 de ${SEED.total} resultados`)).toBeVisible();
  await page.getByRole("searchbox", { name: "Buscar" }).fill("ñandú");
  await expect(page.getByText("Mostrando 1 a 1 de 1 resultados")).toBeVisible();
  const row = page.getByRole("listitem", { name: SEED.pendingName });
  await expect(row).toBeVisible();

  // Liked, attended and rating; clicking the current rating clears it.
  await row.getByRole("button", { name: "Seleccionada" }).click();
  await expect(row.getByRole("button", { name: "Seleccionada" })).toHaveAttribute("aria-pressed", "true");
  await row.getByRole("button", { name: "4 estrellas" }).click();
  await expect(row.getByRole("button", { name: "4 estrellas" })).toHaveAttribute("aria-pressed", "true");
  await row.getByRole("button", { name: "4 estrellas" }).click();
  await expect(row.getByRole("button", { name: "4 estrellas" })).toHaveAttribute("aria-pressed", "false");
  await row.getByRole("button", { name: "Asistió" }).click();
  await expect(row.getByRole("button", { name: "Asistió" })).toHaveAttribute("aria-pressed", "true");

  // Resend verification for the pending, unverified registration.
  await row.getByRole("button", { name: `Reenviar email de verificación a ${SEED.pendingName}` }).click();
  await expect(page.getByText("Email de verificación reenviado correctamente")).toBeVisible();

  // The 'Seleccionadas' toggle filters on the server: the liked row is among them.
  await page.getByRole("searchbox", { name: "Buscar" }).fill("");
  await page.getByRole("button", { name: "Seleccionadas", pressed: false }).click();
  await expect(page.getByRole("listitem", { name: SEED.pendingName })).toBeVisible();
  await page.getByRole("button", { name: "Seleccionadas", pressed: true }).click();
  await expect(page.getByText(`Mostrando 1 a 20 de ${SEED.total} resultados`)).toBeVisible();

  // Select the page, export the selection; a page change clears the selection.
  await page.getByLabel("Seleccionar todos los de esta página").check();
  const bar = page.getByRole("region", { name: "20 seleccionadas" });
  await expect(bar).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), bar.getByRole("link", { name: "Exportar CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("scouting.csv");
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv.trim().split("\r\n")).toHaveLength(21);
  expect(csv).toContain(SEED.pendingName);
  await pagination.getByRole("button", { name: "Página 2" }).click();
  await expect(page.getByRole("region", { name: /seleccionada/ })).toHaveCount(0);

  // Download all: the current event and filters.
  await page.getByRole("button", { name: "Asistieron" }).click();
  // The list (and its download link) follow the address once the router has taken the filter.
  await expect(page).toHaveURL(/attended=true/);
  const [all] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Descargar CSV" }).click()]);
  expect(all.suggestedFilename()).toBe("scouting.csv");
  const attended = readFileSync((await all.path())!, "utf8")
    .trim()
    .split("\r\n");
  expect(attended.length).toBeGreaterThan(1);
  // Counted from the end: the columns after 'Attended' hold no commas here, the ones before may.
  const header = attended[0]!.split(",");
  const fromEnd = header.indexOf("Attended") - header.length;
  expect(attended.slice(1).every((line) => line.split(",").at(fromEnd) === "Yes")).toBe(true);
  await page.getByRole("button", { name: "Asistieron" }).click();

  // Edit: back to the list with the same event, the change shown.
  await page.getByRole("searchbox", { name: "Buscar" }).fill("ñandú");
  await expect(page.getByText("Mostrando 1 a 1 de 1 resultados")).toBeVisible();
  await page.getByRole("link", { name: `Editar registro de ${SEED.pendingName}` }).click();
  await expect(page.getByRole("heading", { name: "Editar Registro" })).toBeVisible();
  await expect(page.getByLabel("Edad")).toHaveValue(/\d+/);
  await page.getByLabel("Ciudad / localidad").fill("Villa Carlos Paz");
  await page.getByRole("button", { name: "Guardar Cambios" }).click();
  await expect(page).toHaveURL(/\/dashboard\/scouting\/registrations(\?eventId=[^&]+)?$/);
  await expect(page.getByRole("heading", { name: `Registros (${SEED.total})` })).toBeVisible();
  await page.getByRole("searchbox", { name: "Buscar" }).fill("ñandú");
  await expect(page.getByRole("listitem", { name: SEED.pendingName })).toContainText("Villa Carlos Paz");

  // Delete with the confirmation.
  await page.getByRole("button", { name: `Eliminar registro de ${SEED.pendingName}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("¿Está seguro de que desea eliminar este registro?");
  await dialog.getByRole("button", { name: "Eliminar" }).click();
  await expect(page.getByText("Registro eliminado exitosamente")).toBeVisible();
  await expect(page.getByText("No se encontraron registros que coincidan con los filtros.")).toBeVisible();

  // A reload keeps the event and the search (the address holds them).
  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Buscar" })).toHaveValue("ñandú");
  await expect(page.getByText("No se encontraron registros que coincidan con los filtros.")).toBeVisible();
  await page.getByRole("searchbox", { name: "Buscar" }).fill("");
  await expect(page.getByRole("heading", { name: `Registros (${SEED.total - 1})` })).toBeVisible();
});
