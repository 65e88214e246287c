/**
 * Issue 19's journey, on a phone (360 px): a full event's waiting list joined from the public form,
 * a spot freed from another registrant's manage page (read from their e-mail), the offer accepted
 * from the e-mail the test's SMTP server received; then staff take a third person off the line.
 */
import { expect, expectNoSeriousA11yViolations, linkIn, test } from "./fixtures";
import { E2E_SUPERADMIN } from "./support/constants";

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test("waiting list: join a full slot, a spot freed from a manage page, the offer accepted from the e-mail", async ({
  page,
  baseURL,
  mailbox,
}) => {
  await page.request.post("/api/auth/sign-in/email", { data: E2E_SUPERADMIN, headers: { origin: baseURL! } });
  const created = await page.request.post("/api/events", {
    headers: { origin: baseURL! },
    data: {
      eventName: "Casting Lista de Espera",
      eventDate: "2031-05-20",
      location: "Galería Pacífico, CABA",
      description: "",
      confirmationDetails: "",
      photos: "off",
      timeslots: [{ startTime: "10:00", endTime: "11:00", capacity: 1 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: string; timeslots: Array<{ id: string }> };
  await page.context().clearCookies();

  const person = (fullName: string, email: string) => ({
    fullName,
    dateOfBirth: "2000-01-15",
    location: "CABA",
    email,
    phoneNumber: "11 5555-0001",
    height: 170,
    bust: 85,
    waist: 62,
    hips: 90,
    eyeColor: "Marrón",
    instagramHandle: "@lucia.primera",
    internationalWork: false,
    timeslotId: event.timeslots[0]!.id,
    privacyNoticeVersion: 1,
    consentDataProcessing: true,
  });

  // The only spot goes to the first registrant.
  const first = `primera.${Date.now()}@example.com`;
  const registered = await page.request.post(`/api/public/events/${event.id}/registrations`, {
    data: person("Lucía Primera", first),
  });
  expect(registered.status(), await registered.text()).toBe(201);

  // A second person finds the slot full, and joins its waiting list from the form.
  const second = `segunda.${Date.now()}@example.com`;
  await page.goto(`/events/${event.id}/register`);
  await expect(page.getByText("Completo · lista de espera")).toBeVisible();
  await page.getByLabel("Nombre completo", { exact: true }).fill("Sofía Segunda");
  await page.getByLabel("Fecha de nacimiento", { exact: true }).fill("2002-03-04");
  await page.getByLabel("Ciudad / localidad", { exact: true }).fill("La Plata");
  await page.getByLabel("Correo electrónico", { exact: true }).fill(second);
  await page.getByLabel("Teléfono", { exact: true }).fill("0221 555-1234");
  await page.getByLabel("Altura (cm)", { exact: true }).fill("172");
  await page.getByLabel("Busto (cm)", { exact: true }).fill("84");
  await page.getByLabel("Cintura (cm)", { exact: true }).fill("61");
  await page.getByLabel("Cadera (cm)", { exact: true }).fill("89");
  await page.getByLabel("Color de ojos", { exact: true }).selectOption("Marrón claro");
  await page.getByLabel("Instagram", { exact: true }).fill("@sofia.segunda");
  await page.getByLabel("¿Disponible para trabajos internacionales?", { exact: true }).selectOption({ label: "No" });
  await expect(page.getByText(/Este horario está completo/)).toBeVisible();
  await page.getByLabel(/acepto que la agencia trate mis datos/).check();
  await page.getByRole("button", { name: "Anotarme en la lista de espera" }).click();
  await expect(page.getByRole("heading", { name: "Estás en la lista de espera" })).toBeVisible();
  await expect(page.getByTestId("waitlist-position")).toHaveText("Tu lugar en la lista: 1");
  const joined = await mailbox.waitFor(second, /Estás en la lista de espera/);
  expect(linkIn(joined, `${baseURL}/waitlist?t=`)).toBeTruthy();

  // The first registrant opens the manage link of their e-mail and cancels.
  const verification = await mailbox.waitFor(first, /Confirmá tu registro/);
  await page.goto(linkIn(verification, `${baseURL}/manage?t=`));
  await expect(page.getByRole("heading", { level: 1, name: "Mi inscripción" })).toBeVisible();
  await expect(page.getByText("Galería Pacífico, CABA")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Cancelar mi inscripción" }).click();
  const confirm = page.getByRole("alertdialog", { name: "¿Cancelar tu inscripción?" });
  await expect(confirm).toBeFocused();
  await confirm.getByRole("button", { name: "Sí, cancelar" }).click();
  await expect(page.getByTestId("registration-status")).toHaveText("Cancelada");
  await expect(page.getByText("Tu inscripción fue cancelada.")).toBeVisible();
  await mailbox.waitFor(first, /Inscripción cancelada/);

  // The freed spot is offered to the first in line, who accepts it from the e-mail.
  const offer = await mailbox.waitFor(second, /Se liberó un lugar/);
  await page.goto(linkIn(offer, `${baseURL}/waitlist?t=`));
  await expect(page.getByText(/Se liberó un lugar para vos/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Aceptar el lugar" }).click();
  await expect(page.getByTestId("waitlist-accepted")).toHaveText(/Tu inscripción está confirmada\. Código de registro: OC-/);
  const confirmation = await mailbox.waitFor(second, /Registro confirmado/);
  expect(confirmation.text).toContain(`${baseURL}/manage?t=`);

  // From there, the new registrant's own page.
  await page.getByRole("button", { name: "Ver mi inscripción" }).click();
  await expect(page.getByTestId("registration-status")).toHaveText("Confirmada");

  // The slot is full again; a third person waits, and staff take them off the line after confirming.
  const third = `tercera.${Date.now()}@example.com`;
  const waiting = await page.request.post(`/api/public/events/${event.id}/waitlist`, { data: person("Tina Tercera", third) });
  expect(waiting.status(), await waiting.text()).toBe(201);
  await page.request.post("/api/auth/sign-in/email", { data: E2E_SUPERADMIN, headers: { origin: baseURL! } });
  await page.goto("/dashboard/scouting/registrations");
  await page.getByLabel("Evento").selectOption(event.id);
  await page.getByRole("tab", { name: "Lista de espera" }).click();
  await page.getByRole("button", { name: "Quitar a Tina Tercera de la lista de espera" }).click();
  const removal = page.getByRole("dialog", { name: "¿Quitar de la lista de espera?" });
  await removal.getByRole("button", { name: "Quitar de la lista" }).click();
  await expect(page.getByText("Nadie está en la lista de espera de este evento.")).toBeVisible();
  await mailbox.waitFor(third, /Ya no estás en la lista de espera/);
});
