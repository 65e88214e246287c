/**
 * Check-in at the door on a staff phone (360 px): by typed code, then with the network gone, then
 * back online: both arrivals reach the server (issue 20).
 */
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { arrivedNames, eventAtTheDoor } from "./support/check-in";
import { signInAsSuperadmin } from "./support/session";

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test("staff check a person in by code, a second one offline, and both reach the server", async ({
  page,
  context,
  baseURL,
  consoleGuard,
}) => {
  // While offline, the arrivals' polling fails; the browser logs each failed request.
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED/);
  await signInAsSuperadmin(page, baseURL);
  const { event, people } = await eventAtTheDoor(page.request, baseURL!, ["Lola Puerta", "Nico Offline"]);
  const [lola, nico] = people;

  await page.goto("/dashboard/check-in");
  await page.getByLabel("Evento").selectOption(event.id);
  await expect(page.getByRole("heading", { level: 1, name: "Llegadas" })).toBeVisible();
  await expect(page.getByTestId("arrived-total")).toHaveText("0");

  // Typed in lower case, with a space: the same code.
  await page.getByLabel("Código o nombre").fill(lola!.registrationCode.toLowerCase().replace("-", " "));
  await page.getByRole("button", { name: "Buscar" }).click();
  const card = page.getByTestId("check-in-card");
  await expect(card.getByRole("heading", { name: "Lola Puerta" })).toBeVisible();
  await expect(card.getByText(/\d+ años/)).toBeVisible();
  await expect(card.getByText("00:00 - 23:59")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Registered through the API, never verified: staff are told, and let the person in anyway.
  await expect(card.getByRole("alert")).toHaveText("No verificó su correo electrónico.");
  await card.getByRole("button", { name: "Dejar pasar igual" }).click();
  await expect(card.getByText(/Llegada registrada: .*, por /)).toBeVisible();
  await expect(page.getByTestId("arrived-total")).toHaveText("1");

  // The venue's network goes down: the second arrival is kept on the phone.
  await context.setOffline(true);
  await page.getByRole("button", { name: "Siguiente" }).click();
  await page.getByLabel("Código o nombre").fill(nico!.registrationCode);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByText(`Sin conexión: la llegada de ${nico!.registrationCode} se guarda`)).toBeVisible();
  await expect(page.getByTestId("pending-check-ins")).toHaveText("1 llegada pendiente de enviar");
  await expect(page.getByText("Sin conexión: las llegadas se guardan en este teléfono.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Kept in localStorage: a reload or a closed tab loses nothing.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("opencall.checkInQueue") ?? "[]").length)).toBe(1);

  // Back online: sent by itself, and the screen says so.
  await context.setOffline(false);
  await expect(page.getByTestId("pending-check-ins")).toHaveCount(0);
  await expect(page.getByText("Se envió 1 llegada pendiente.")).toBeVisible();
  await expect(page.getByTestId("arrived-total")).toHaveText("2");
  expect(await arrivedNames(page.request, event.id)).toEqual(["Lola Puerta", "Nico Offline"]);
});
