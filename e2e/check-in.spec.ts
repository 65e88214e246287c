/**
 * Check-in at the door on a staff phone (360 px): by typed code, then with the network gone (the
 * screen lists what waits to be sent), then back online: every arrival reaches the server; and the
 * QR code a sheet prints checks its person in (issue 20). A 16-year-old whose guardian has not
 * approved is stopped whichever way a phone finds her, and only an admin lets her in, with a reason
 * (issue 32).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import sharp from "sharp";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { approvedMember, arrivedNames, eventAtTheDoor, GUARDIAN } from "./support/check-in";
import { phoneContext } from "./support/phone";
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

test("a minor without the guardian's approval is stopped at the door; a member cannot let her in, an admin can with a reason", async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  await signInAsSuperadmin(page, baseURL);
  const { event, people } = await eventAtTheDoor(page.request, baseURL!, ["Lola Menor", "Ana Adulta"], {
    minors: ["Lola Menor"],
  });
  const lola = people[0]!;
  // The URL her QR code holds (on the sheet, in the e-mail), as a phone's camera app opens it.
  const { checkInUrl } = (await (await page.request.get(`/api/registrations/${lola.id}`)).json()) as { checkInUrl: string };
  const { privacy } = (await (await page.request.get(`/api/registrations/${lola.id}`)).json()) as {
    privacy: { guardianEmail: string };
  };

  // A member's phone, in Spanish: by the QR code's link, by her typed code, by name.
  const memberPhone = await phoneContext(browser, baseURL);
  const credentials = await approvedMember(page.request, memberPhone.request, mailbox, baseURL!);
  await memberPhone.request.post("/api/auth/sign-in/email", { data: credentials, headers: { origin: baseURL! } });
  const member = await memberPhone.newPage();
  await member.goto(checkInUrl);
  const card = member.getByTestId("check-in-card");
  await expect(card.getByRole("heading", { name: "Lola Menor" })).toBeVisible();
  const stop = card.getByTestId("check-in-stop");
  await expect(stop).toContainText("No puede pasar");
  await expect(stop).toContainText("Menor sin autorización: su madre, padre o tutor todavía no aprobó la inscripción.");
  await expect(card.getByTestId("check-in-guardian")).toContainText(GUARDIAN.name);
  await expect(card.getByRole("link", { name: `Escribir a ${privacy.guardianEmail}` })).toHaveAttribute(
    "href",
    `mailto:${privacy.guardianEmail}`,
  );
  await expect(card.getByText("Solo un admin puede dejarla pasar, con un motivo.")).toBeVisible();
  await expect(card.getByRole("button", { name: /Registrar llegada|Dejar pasar/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(member);
  expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await member.getByLabel("Evento").selectOption(event.id);
  await member.getByLabel("Código o nombre").fill(lola.registrationCode);
  await member.getByRole("button", { name: "Buscar" }).click();
  await expect(card.getByTestId("check-in-stop")).toBeVisible();
  await member.getByRole("button", { name: "Siguiente" }).click();
  await member.getByLabel("Código o nombre").fill("Lola");
  await member.getByRole("button", { name: "Buscar" }).click();
  await expect(member.getByRole("list", { name: "Resultados" }).getByRole("button", { name: /Lola Menor/ })).toContainText(
    "Falta autorización",
  );
  expect(await arrivedNames(page.request, event.id)).toEqual([]);
  await memberPhone.close();

  // An admin's phone, in English: the same stop, and the override, which needs a reason.
  const adminPhone = await phoneContext(browser, baseURL, "en");
  await adminPhone.addCookies(await page.context().cookies());
  const admin = await adminPhone.newPage();
  await admin.goto(checkInUrl);
  const adminCard = admin.getByTestId("check-in-card");
  await expect(adminCard.getByTestId("check-in-stop")).toContainText("Cannot go in");
  await expect(adminCard.getByTestId("check-in-guardian")).toContainText("Approval missing");
  await adminCard.getByRole("button", { name: "Let in as an exception" }).click();
  await adminCard.getByRole("button", { name: "Let in with this reason" }).click();
  await expect(adminCard.getByText("Write the reason.")).toBeVisible();
  await adminCard.getByLabel("Reason for the exception").fill("Her mother came with her and signed the form at the door.");
  await expectNoSeriousA11yViolations(admin);
  await adminCard.getByRole("button", { name: "Let in with this reason" }).click();
  await expect(adminCard.getByText(/Arrival recorded: .*, by /)).toBeVisible();
  await expect(adminCard.getByText("Let in by an admin's exception, without their parent or guardian's approval.")).toBeVisible();
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await adminPhone.close();

  expect(await arrivedNames(page.request, event.id)).toEqual(["Lola Menor"]);
  const audit = await page.request.get(`/api/audit?action=registration.check_in_override&target=${lola.id}`);
  expect((await audit.json()).items).toEqual([
    expect.objectContaining({
      action: "registration.check_in_override",
      details: { reason: "Her mother came with her and signed the form at the door." },
    }),
  ]);
});
