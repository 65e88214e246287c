/**
 * Check-in at the door on a staff phone (360 px): by typed code, then with the network gone (the
 * screen lists what waits to be sent), then back online: every arrival reaches the server; and the
 * QR code a sheet prints checks its person in (issue 20).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import sharp from "sharp";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { arrivedNames, eventAtTheDoor } from "./support/check-in";
import { signInAsSuperadmin } from "./support/session";

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test("staff check a person in by code, two more offline, see what waits, and all reach the server", async ({
  page,
  context,
  baseURL,
  consoleGuard,
}) => {
  // While offline, the arrivals' polling fails; the browser logs each failed request.
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED/);
  await signInAsSuperadmin(page, baseURL);
  const { event, people } = await eventAtTheDoor(page.request, baseURL!, ["Lola Puerta", "Nico Offline", "Olga Sinred"]);
  const [lola, nico, olga] = people;

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

  // Olga is on the screen when the venue's network goes down: her arrival is kept, by name.
  await page.getByRole("button", { name: "Siguiente" }).click();
  await page.getByLabel("Código o nombre").fill(olga!.registrationCode);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(card.getByRole("heading", { name: "Olga Sinred" })).toBeVisible();
  await context.setOffline(true);
  await card.getByRole("button", { name: "Dejar pasar igual" }).click();
  await expect(page.getByText("Sin conexión: llegada guardada, se envía al volver la conexión.")).toBeVisible();

  // Nico's code, typed with no network at all: kept by code.
  await page.getByLabel("Código o nombre").fill(nico!.registrationCode);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByText(`Sin conexión: la llegada de ${nico!.registrationCode} se guarda`)).toBeVisible();
  await expect(page.getByTestId("pending-check-ins")).toHaveText("2 llegadas pendientes de enviar");
  await expect(page.getByText("Sin conexión: las llegadas se guardan en este teléfono.")).toBeVisible();
  // The screen says what waits: who (the name, or the typed code) and when, oldest first.
  const waiting = page.getByRole("list", { name: "Esperando para enviar" }).getByRole("listitem");
  const when = /\d{2}\/\d{2}\/\d{2}, \d{2}:\d{2}/;
  await expect(waiting).toHaveCount(2);
  await expect(waiting.nth(0)).toContainText("Olga Sinred");
  await expect(waiting.nth(0)).toContainText(when);
  await expect(waiting.nth(1)).toContainText(nico!.registrationCode);
  await expect(waiting.nth(1)).toContainText(when);
  await expectNoSeriousA11yViolations(page);
  // Kept in localStorage: a reload or a closed tab loses nothing.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("opencall.checkInQueue") ?? "[]").length)).toBe(2);

  // Back online: sent by itself, and the screen says so.
  await context.setOffline(false);
  await expect(page.getByTestId("pending-check-ins")).toHaveCount(0);
  await expect(page.getByText("Se enviaron 2 llegadas pendientes.")).toBeVisible();
  await expect(page.getByTestId("arrived-total")).toHaveText("3");
  expect(await arrivedNames(page.request, event.id)).toEqual(["Lola Puerta", "Nico Offline", "Olga Sinred"]);
});

test("the QR code on a downloaded sheet, rendered and decoded, checks the person in", async ({ page, baseURL }) => {
  await signInAsSuperadmin(page, baseURL);
  const { event, people } = await eventAtTheDoor(page.request, baseURL!, ["Flor Ficha"]);
  await page.goto("/dashboard");
  await page.evaluate((id) => localStorage.setItem("opencall.selectedEventId", id), event.id);
  await page.goto("/dashboard/scouting/registrations");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Descargar ficha de Flor Ficha" }).first().click();
  const file = await (await downloading).path();

  // The page as a printer would draw it, then the code read from its pixels.
  const dir = mkdtempSync(path.join(tmpdir(), "opencall-sheet-"));
  execFileSync("pdftoppm", ["-png", "-r", "110", "-f", "1", "-l", "1", "-singlefile", file, path.join(dir, "page")]);
  const { data, info } = await sharp(readFileSync(path.join(dir, "page.png")))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  rmSync(dir, { recursive: true, force: true });
  const url = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
  expect(url).toMatch(new RegExp(`^${baseURL}/check-in\\?t=[A-Za-z0-9_-]{43}$`));

  const res = await page.request.post("/api/check-ins", {
    headers: { origin: baseURL! },
    data: { token: new URL(url!).searchParams.get("t"), eventId: event.id },
  });
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ checkedIn: true, registration: { id: people[0]!.id, fullName: "Flor Ficha" } });
});
