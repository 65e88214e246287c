/**
 * Minors and personal data (issue 18), on a phone: a 17-year-old registers, the guardian approves
 * from the e-mail; then the person asks for their links, downloads their data and erases it.
 */
import { execFileSync } from "node:child_process";
import { expect, expectNoSeriousA11yViolations, linkIn, test } from "./fixtures";
import { E2E_SUPERADMIN } from "./support/constants";

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
  await expect(page.getByText("Versión 1")).toBeVisible();
  await page.getByLabel(/acepto que la agencia trate mis datos/).check();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Enviar registro" }).click();
  await expect(page.getByRole("heading", { name: "¡Registro completado!" })).toBeVisible();
  await expect(page.getByText(`le enviamos un e-mail a ${guardianEmail}`)).toBeVisible();

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
