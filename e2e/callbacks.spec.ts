/**
 * Callbacks (issue 36): staff shortlist three registrants and invite them to the open call's
 * callback; from the e-mail's link, on a 360 px phone, one picks a slot and one declines; the third
 * does not answer; staff see the three answers on the callback's page.
 */
import type { Browser } from "@playwright/test";
import { expect, linkIn, test } from "./fixtures";
import { signInAsSuperadmin } from "./support/session";

/** The invited person on their phone: a browser of their own, opening the link of their e-mail. */
async function onPhone(browser: Browser, url: string) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: "es-AR",
    timezoneId: "America/Argentina/Buenos_Aires",
  });
  const phone = await context.newPage();
  const problems: string[] = [];
  phone.on("console", (m) => void (["warning", "error"].includes(m.type()) && problems.push(m.text())));
  await phone.goto(url);
  await phone.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return { phone, problems, close: () => context.close() };
}

test("three shortlisted registrants invited to a callback: one picks a slot, one declines, one does not answer", async ({
  page,
  baseURL,
  mailbox,
  browser,
}) => {
  await signInAsSuperadmin(page, baseURL);
  const stamp = `${Date.now()}-${Math.random().toString(16).slice(2, 8)}`;
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { headers: { origin: baseURL! }, data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string; eventName: string; timeslots: Array<{ id: string }> };
  };
  const event = { eventDate: "2031-06-01", location: "Galería Güemes, CABA", photos: "off" };
  const openCall = await post("/api/events", {
    ...event,
    eventName: `Casting Invierno ${stamp}`,
    timeslots: [{ startTime: "10:00", endTime: "11:00", capacity: 10 }],
  });
  const callback = await post("/api/events", {
    ...event,
    eventDate: "2031-06-10",
    eventName: `Callback Invierno ${stamp}`,
    kind: "callback",
    callbackOf: openCall.id,
    timeslots: [
      { startTime: "10:00", endTime: "11:00", capacity: 1 },
      { startTime: "11:00", endTime: "12:00", capacity: 2 },
    ],
  });
  const people = ["Lucía Fernández", "Martina Gómez", "Sofía Ruiz"].map((fullName, i) => ({
    fullName,
    email: `callback-${i}-${stamp}@example.com`,
  }));
  for (const person of people) {
    const res = await page.request.post(`/api/public/events/${openCall.id}/registrations`, {
      headers: { origin: baseURL! },
      data: {
        ...person,
        dateOfBirth: "2001-08-21",
        location: "Rosario",
        phoneNumber: "0341 555-1234",
        height: 176,
        bust: 84,
        waist: 61,
        hips: 90,
        eyeColor: "Avellana/Hazel",
        instagramHandle: "@modelo.callback",
        internationalWork: false,
        timeslotId: openCall.timeslots[0]!.id,
        privacyNoticeVersion: 1,
        consentDataProcessing: true,
        consentPhotoScouting: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  // Staff shortlist the three, filter the stage, and invite the page's selection.
  await page.goto("/dashboard/scouting/registrations");
  await page.getByLabel("Evento").selectOption(openCall.id);
  await expect(page.getByRole("heading", { name: "Registros (3)" })).toBeVisible();
  for (const { fullName } of people) {
    await page.getByLabel(`Etapa — ${fullName}`).selectOption("shortlisted");
    await expect(page.getByLabel(`Etapa — ${fullName}`)).toHaveValue("shortlisted");
  }
  await page.getByLabel("Etapa", { exact: true }).selectOption("shortlisted");
  await expect(page.getByRole("heading", { name: "Registros (3)" })).toBeVisible();
  await page.getByRole("checkbox", { name: "Seleccionar todos los de esta página" }).check();
  await page.getByRole("region", { name: "3 seleccionadas" }).getByRole("button", { name: "Invitar a callback" }).click();
  const dialog = page.getByRole("dialog", { name: "Invitar a callback" });
  await expect(dialog.getByLabel("Callback", { exact: true })).toHaveValue(callback.id);
  await expect(dialog.getByLabel("Fecha límite")).toHaveValue("2031-06-09");
  await dialog.getByRole("button", { name: "Enviar invitaciones" }).click();
  await expect(dialog.getByText("Se invitó a 3 personas.")).toBeVisible();

  // Each gets their e-mail with their link.
  const links = await Promise.all(
    people.map(async ({ email }) => linkIn(await mailbox.waitFor(email, /^Te invitamos al callback/), `${baseURL}/manage?c=`)),
  );

  // Lucía picks the 10:00 slot on her phone.
  const lucia = await onPhone(browser, links[0]!);
  await expect(lucia.phone.getByRole("heading", { name: "Te invitamos al callback" })).toBeVisible();
  await lucia.phone.getByRole("button", { name: "Elegir el horario de 10:00 - 11:00" }).click();
  await expect(lucia.phone.getByText(/¡Listo! Te esperamos en el horario que elegiste/)).toBeVisible();
  await expect(lucia.phone.getByRole("link", { name: "Ver mi lugar en el callback" })).toBeVisible();
  expect(await lucia.phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(lucia.problems).toEqual([]);
  await lucia.close();
  // Her confirmation for the callback, with the door's QR code and the invite.
  await mailbox.waitFor(people[0]!.email, new RegExp(`^Registro confirmado: Callback Invierno ${stamp}`));

  // Martina cannot come.
  const martina = await onPhone(browser, links[1]!);
  await martina.phone.getByRole("button", { name: "No puedo ir" }).click();
  await martina.phone.getByRole("button", { name: "Sí, no puedo ir" }).click();
  await expect(martina.phone.getByText("Gracias por avisarnos: registramos que no podés ir.")).toBeVisible();
  expect(martina.problems).toEqual([]);
  await martina.close();

  // Sofía does not answer. Staff read the three answers on the callback's page.
  await dialog.getByRole("link", { name: "Ver las invitaciones" }).click();
  await expect(page.getByRole("heading", { name: `Invitaciones a Callback Invierno ${stamp}` })).toBeVisible();
  await expect(page.getByTestId("callback-summary")).toHaveText("1 eligió horario · 1 no puede · 1 sin respuesta");
  const answerOf = (name: string) => page.getByTestId("callback-invitation").filter({ hasText: name });
  await expect(answerOf("Lucía Fernández")).toContainText("Eligió horario");
  await expect(answerOf("Lucía Fernández")).toContainText("10:00 - 11:00");
  await expect(answerOf("Martina Gómez")).toContainText("No puede ir");
  await expect(answerOf("Sofía Ruiz")).toContainText("Sin respuesta");
  await expect(page.getByRole("button", { name: "Recordar a quienes no respondieron" })).toBeEnabled();
});
