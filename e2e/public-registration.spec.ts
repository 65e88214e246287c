/**
 * A model registers from a phone (360 px wide): the form, the success page with the code, the
 * verification e-mail read from the test's SMTP server, the verification page, and the PDF sheet.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import jsQR from "jsqr";
import sharp from "sharp";
import { expect, expectNoSeriousA11yViolations, linkIn, test } from "./fixtures";
import { E2E_SUPERADMIN } from "./support/constants";

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test("a model registers on a phone, verifies the e-mail and downloads the sheet", async ({ page, baseURL, mailbox }) => {
  // The event, created by staff through the API.
  await page.request.post("/api/auth/sign-in/email", {
    data: E2E_SUPERADMIN,
    headers: { origin: baseURL! },
  });
  const created = await page.request.post("/api/events", {
    headers: { origin: baseURL! },
    data: {
      eventName: "Casting Otoño Córdoba",
      eventDate: "2031-04-12",
      location: "Teatro Real, Córdoba",
      description: "Buscamos caras nuevas para la campaña de otoño.",
      confirmationDetails: "Traé tu ficha impresa, tacos y ropa negra ajustada. Llegá 10 minutos antes.",
      // Registrations without photos here (the photo journey is e2e/photos.spec.ts).
      photos: "off",
      timeslots: [
        { startTime: "10:00", endTime: "11:00", capacity: 3 },
        { startTime: "11:00", endTime: "12:00", capacity: 20 },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: string };
  await page.context().clearCookies();

  const email = `modelo.${Date.now()}@example.com`;
  await page.goto(`/events/${event.id}/register`);
  await expect(page.getByRole("heading", { level: 1, name: "Registro para Casting Otoño Córdoba" })).toBeVisible();
  await expect(page.getByText("Buscamos caras nuevas")).toBeVisible();
  await expect(page.getByText("12/04/31")).toBeVisible();
  await expect(page.getByText("3 lugares disponibles")).toHaveClass(/text-destructive/);
  await expect(page.getByText("20 lugares disponibles")).not.toHaveClass(/text-destructive/);

  // An empty submit: the summary lists every field and links to it.
  await page.getByRole("button", { name: "Enviar registro" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "campos para corregir" });
  await expect(summary).toBeFocused();
  await expect(
    summary.getByRole("link", { name: /Elegí un horario: Por favor seleccioná un horario disponible\./ }),
  ).toBeVisible();
  await summary.getByRole("link", { name: /^Nombre completo:/ }).click();
  await expect(page.getByLabel("Nombre completo", { exact: true })).toBeFocused();

  await page.getByLabel("Nombre completo", { exact: true }).fill("María José Núñez");
  // Under 16 is said at the field as soon as the date is entered (issue 32), and goes with a right one.
  const birthDate = page.getByLabel("Fecha de nacimiento", { exact: true });
  await birthDate.fill(`${new Date().getFullYear() - 12}-01-01`);
  await expect(birthDate).toHaveAccessibleDescription("Tenés que tener al menos 16 años para registrarte.");
  await birthDate.fill("2003-09-14");
  await expect(birthDate).not.toHaveAttribute("aria-invalid");
  await expect(page.getByText(/Edad: \d+ años/)).toBeVisible();
  await page.getByLabel("Ciudad / localidad", { exact: true }).fill("Córdoba");
  await page.getByLabel("Correo electrónico", { exact: true }).fill(`  ${email.toUpperCase()} `);
  await page.getByLabel("Teléfono", { exact: true }).fill("0351 555-1234");
  await expect(page.getByLabel("Altura (cm)", { exact: true })).toHaveAttribute("inputmode", "numeric");
  await page.getByLabel("Altura (cm)", { exact: true }).fill("17a5");
  await expect(page.getByLabel("Altura (cm)", { exact: true })).toHaveValue("175");
  await page.getByRole("button", { name: "Sumar 1 a Busto (cm)" }).tap();
  await expect(page.getByLabel("Busto (cm)", { exact: true })).toHaveValue("80");
  await page.getByRole("button", { name: "Sumar 1 a Busto (cm)" }).tap();
  await expect(page.getByLabel("Busto (cm)", { exact: true })).toHaveValue("81");
  await page.getByLabel("Cintura (cm)", { exact: true }).fill("61");
  await page.getByLabel("Cadera (cm)", { exact: true }).fill("89");
  await page.getByLabel("Color de ojos", { exact: true }).selectOption("Marrón claro");
  await page.getByLabel("Instagram", { exact: true }).fill("@maria.nunez");
  await page.getByLabel("¿Disponible para trabajos internacionales?", { exact: true }).selectOption({ label: "Sí" });
  await page.getByRole("radio", { name: /11:00 - 12:00/ }).check();

  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);

  // The privacy notice and consent (issue 18).
  await page.getByLabel(/acepto que la agencia trate mis datos/).check();
  await page.getByRole("button", { name: "Enviar registro" }).click();
  await expect(page).toHaveURL(/\/registration\/success\?e=[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("heading", { name: "¡Registro completado!" })).toBeVisible();
  await expect(page.getByText(/bandeja de entrada.*spam/)).toBeVisible();
  // The address it went to, and what comes next (issue 32).
  await expect(page.getByTestId("success-note")).toContainText(email);
  await expect(page.getByRole("region", { name: "Qué sigue" })).toBeVisible();
  const code = (await page.getByTestId("registration-code").textContent())?.trim() ?? "";
  expect(code).toMatch(/^OC-[A-Z0-9]{6}$/);
  expect(page.url()).not.toContain(encodeURIComponent(email));

  // The verification e-mail, through the real SMTP server.
  const mail = await mailbox.waitFor(email, /Confirmá tu registro para Casting Otoño Córdoba/);
  expect(mail.text).toContain(code);
  const verifyLink = linkIn(mail, `${baseURL}/verify/`);

  await page.goto(verifyLink);
  await expect(page.getByRole("heading", { name: "¡Correo verificado!" })).toBeVisible();
  await expect(page.getByTestId("registration-code")).toHaveText(code);
  await expect(page.getByText("11:00 - 12:00")).toBeVisible();
  await expect(page.getByText("Teatro Real, Córdoba")).toBeVisible();
  await expect(page.getByText(/Traé tu ficha impresa/)).toBeVisible();
  // The check-in QR code (issue 20), read back from the page's pixels.
  const qr = page.getByRole("img", { name: `Código QR de llegada para ${code}` });
  await expect(qr).toBeVisible();
  const { data, info } = await sharp(await qr.screenshot())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const scanned = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
  expect(scanned).toMatch(/\/check-in\?t=[A-Za-z0-9_-]{43}$/);
  await expectNoSeriousA11yViolations(page);

  const confirmation = await mailbox.waitFor(email, /Registro confirmado/);
  expect(confirmation.text).toContain("Traé tu ficha impresa");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Descargar ficha de registro" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`registro-${code}.pdf`);
  const pdfPath = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(pdfPath);
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe("%PDF-");
  const text = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", pdfPath, "-"], { encoding: "utf8" });
  for (const expected of [
    "Ficha de registro",
    code,
    "Casting Otoño Córdoba",
    "12/04/2031",
    "11:00 - 12:00",
    "Teatro Real, Córdoba",
    "María José Núñez",
    "14/09/2003",
    email,
    "3515551234",
    "175 cm",
    "81 cm",
    "61 cm",
    "89 cm",
    "Marrón claro",
    "@maria.nunez",
    "Trabajo internacional",
    "Sí",
    "Información importante",
    "Traé tu ficha impresa",
  ]) {
    expect(text, `PDF text lacks ${expected}`).toContain(expected);
  }
  expect(text).toMatch(/Generado el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

  // A later visit of the same link.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Registro ya confirmado" })).toBeVisible();
});

test("a bad link and a missing event show the spec's messages", async ({ page, consoleGuard }) => {
  // The two lookups this test makes fail on purpose; the browser logs each 404.
  consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
  await page.goto("/verify/not-a-real-token");
  await expect(page.getByRole("heading", { name: "El enlace de verificación no es válido o ha expirado." })).toBeVisible();
  await page.goto("/events/6f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f/register");
  await expect(page.getByRole("heading", { name: "Evento no encontrado o inactivo" })).toBeVisible();
});
