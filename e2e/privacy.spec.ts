/**
 * Minors and personal data (issue 18), on a phone: a 17-year-old registers, verifies her e-mail and
 * reads that she waits for the guardian (issue 32: the verify page, the e-mail, the manage page), the
 * guardian approves from the e-mail and she is told she is confirmed; then the person asks for their
 * links, downloads their data and erases it. In English, a 16-year-old waits, and reads the refusal.
 */
import { execFileSync } from "node:child_process";
import { expect, expectNoSeriousA11yViolations, linkIn, test } from "./fixtures";
import { E2E_SUPERADMIN } from "./support/constants";
import { phoneContext } from "./support/phone";

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test("a 17-year-old registers, the guardian approves; the person downloads and erases their data", async ({
  page,
  baseURL,
  mailbox,
}, testInfo) => {
  await page.request.post("/api/auth/sign-in/email", { data: E2E_SUPERADMIN, headers: { origin: baseURL! } });
  const created = await page.request.post("/api/events", {
    headers: { origin: baseURL! },
    data: {
      eventName: "Casting Juvenil",
      eventDate: "2031-05-10",
      location: "Club Atlético, Rosario",
      description: "Casting para menores con autorización.",
      confirmationDetails: "Venir con tu madre, padre o tutor.",
      photos: "off",
      timeslots: [{ startTime: "10:00", endTime: "11:00", capacity: 5 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: string };
  await page.context().clearCookies();

  const stamp = Date.now();
  const email = `lola.${stamp}@example.com`;
  const guardianEmail = `marta.${stamp}@example.com`;
  await page.goto(`/events/${event.id}/register`);
  await page.getByLabel("Nombre completo", { exact: true }).fill("Lola Pérez");
  await page.getByLabel("Fecha de nacimiento", { exact: true }).fill(`${new Date().getFullYear() - 17}-01-01`);
  await page.getByLabel("Ciudad / localidad", { exact: true }).fill("Rosario");
  await page.getByLabel("Correo electrónico", { exact: true }).fill(email);
  await page.getByLabel("Teléfono", { exact: true }).fill("0341 555-9876");
  await page.getByLabel("Altura (cm)", { exact: true }).fill("170");
  await page.getByLabel("Busto (cm)", { exact: true }).fill("84");
  await page.getByLabel("Cintura (cm)", { exact: true }).fill("62");
  await page.getByLabel("Cadera (cm)", { exact: true }).fill("90");
  await page.getByLabel("Instagram", { exact: true }).fill("@lola.perez");
  await page.getByLabel("Color de ojos", { exact: true }).selectOption("Marrón claro");
  await page.getByLabel("¿Disponible para trabajos internacionales?", { exact: true }).selectOption({ label: "No" });
  await page.getByRole("radio", { name: /10:00 - 11:00/ }).check();

  // Under 18: the guardian is asked, and the consent is required.
  await page.getByRole("button", { name: "Enviar registro" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "campos para corregir" });
  await expect(summary.getByRole("link", { name: /Nombre de tu madre, padre o tutor/ })).toBeVisible();
  await expect(summary.getByRole("link", { name: /Para inscribirte tenés que aceptar/ })).toBeVisible();
  await page.getByLabel("Nombre de tu madre, padre o tutor").fill("Marta Pérez");
  await page.getByLabel("E-mail de tu madre, padre o tutor").fill(guardianEmail);
  await page.getByText("Leer el aviso de privacidad").click();
  await expect(page.getByText("Versión 2")).toBeVisible();
  await page.getByLabel(/acepto que la agencia trate mis datos/).check();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Enviar registro" }).click();
  await expect(page.getByRole("heading", { name: "¡Registro completado!" })).toBeVisible();
  await expect(page.getByText(`le enviamos un e-mail a ${guardianEmail}`)).toBeVisible();

  // She verifies her e-mail before the guardian answers: verified, and waiting, never "confirmed".
  await page.goto(linkIn(await mailbox.waitFor(email, /Confirmá tu registro/), `${baseURL}/verify/`));
  await expect(page.getByRole("heading", { name: "¡Correo verificado!" })).toBeVisible();
  await expect(page.getByTestId("registration-state")).toHaveText(
    /^Tu inscripción todavía no está confirmada: falta la autorización de tu madre, padre o tutor\./,
  );
  await expect(page.getByText("Tu registro está confirmado")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const waiting = await mailbox.waitFor(email, /Correo verificado, falta una autorización/);
  expect(waiting.text).toContain("todavía no está confirmado: falta la autorización de tu madre, padre o tutor");
  await page.goto(linkIn(waiting, `${baseURL}/manage?t=`));
  await expect(page.getByTestId("registration-status")).toHaveText("Esperando la autorización de tu madre, padre o tutor");
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The guardian approves from the e-mail; a second visit says it is decided.
  const request = await mailbox.waitFor(guardianEmail, /Autorización pendiente/);
  await page.goto(linkIn(request, `${baseURL}/guardian?t=`));
  await expect(page.getByRole("heading", { name: "Autorización para una inscripción" })).toBeVisible();
  await expect(page.getByText("Lola Pérez se inscribió")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Autorizo la inscripción" }).click();
  await expect(page.getByRole("status").filter({ hasText: "la inscripción quedó autorizada" })).toBeVisible();
  await page.reload();
  await expect(page.getByText("ya había sido autorizada")).toBeVisible();
  // Now she is confirmed, and told so.
  const confirmed = await mailbox.waitFor(email, /Registro confirmado/);
  expect(confirmed.text).toContain("Tu madre, padre o tutor autorizó tu inscripción para Casting Juvenil");
  await page.goto(linkIn(confirmed, `${baseURL}/manage?t=`));
  await expect(page.getByTestId("registration-status")).toHaveText("Confirmada");

  // The person asks for their links, downloads their data, and erases it.
  await page.goto("/privacy/request");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Enviar enlaces" }).click();
  await expect(page.getByText("Si hay inscripciones con ese e-mail")).toBeVisible();
  const links = await mailbox.waitFor(email, /Tus inscripciones/);
  await page.goto(linkIn(links, `${baseURL}/manage?t=`));
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Descargar mis datos" }).click();
  const zipPath = testInfo.outputPath("my-data.zip");
  await (await downloading).saveAs(zipPath);
  const data = JSON.parse(execFileSync("unzip", ["-p", zipPath, "data.json"], { encoding: "utf8" }));
  expect(data.registration.email).toBe(email);
  expect(data.guardian).toMatchObject({ email: guardianEmail, status: "approved" });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Borrar mis datos" }).click();
  await page.getByRole("button", { name: "Sí, borrar mis datos" }).click();
  await expect(page.getByText("Tus datos fueron borrados.")).toBeVisible();
  const after = await page.request.get(`/api/public/registrations/manage/export?t=${new URL(page.url()).searchParams.get("t")}`);
  expect(after.status()).toBe(404);
});

test("in English, a 16-year-old who verifies her e-mail waits for the guardian, and then reads the refusal", async ({
  browser,
  baseURL,
  mailbox,
}) => {
  const phone = await phoneContext(browser, baseURL, "en");
  const origin = { origin: baseURL! };
  await phone.request.post("/api/auth/sign-in/email", { data: E2E_SUPERADMIN, headers: origin });
  const created = await phone.request.post("/api/events", {
    headers: origin,
    data: {
      eventName: "Youth Casting",
      eventDate: "2031-05-11",
      location: "Club Atlético, Rosario",
      description: "Casting for minors with approval.",
      confirmationDetails: "",
      photos: "off",
      timeslots: [{ startTime: "10:00", endTime: "11:00", capacity: 5 }],
    },
  });
  const event = (await created.json()) as { id: string; timeslots: Array<{ id: string }> };
  await phone.clearCookies();
  const stamp = Date.now();
  const email = `mia.${stamp}@example.com`;
  const registered = await phone.request.post(`/api/public/events/${event.id}/registrations`, {
    headers: { ...origin, "accept-language": "en" },
    data: {
      fullName: "Mia Young",
      dateOfBirth: `${new Date().getFullYear() - 16}-01-01`,
      location: "Rosario",
      email,
      phoneNumber: "0341 555-2222",
      height: 168,
      bust: 82,
      waist: 60,
      hips: 88,
      eyeColor: "Verde",
      instagramHandle: "@mia.young",
      internationalWork: false,
      timeslotId: event.timeslots[0]!.id,
      privacyNoticeVersion: 1,
      consentDataProcessing: true,
      guardianName: "Ruth Young",
      guardianEmail: `ruth.${stamp}@example.com`,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  const page = await phone.newPage();
  await page.goto(linkIn(await mailbox.waitFor(email, /Confirm your registration/), `${baseURL}/verify/`));
  await expect(page.getByRole("heading", { name: "Email verified!" })).toBeVisible();
  await expect(page.getByTestId("registration-state")).toHaveText(
    /^Your registration is not confirmed yet: your parent or guardian's approval is missing\./,
  );
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const waiting = await mailbox.waitFor(email, /Email verified, an approval is missing/);
  await page.goto(linkIn(waiting, `${baseURL}/manage?t=`));
  await expect(page.getByTestId("registration-status")).toHaveText("Waiting for your parent or guardian's approval");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The guardian refuses: the registration reads as refused.
  const guardianLink = linkIn(await mailbox.waitFor(`ruth.${stamp}@example.com`), `${baseURL}/guardian?t=`);
  const decided = await phone.request.post("/api/public/guardian/decision", {
    headers: origin,
    data: { token: new URL(guardianLink).searchParams.get("t"), approve: false },
  });
  expect(await decided.json()).toMatchObject({ outcome: "refused" });
  await page.reload();
  await expect(page.getByTestId("registration-status")).toHaveText("Not approved by your parent or guardian");
  await phone.close();
});
