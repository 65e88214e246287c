/**
 * An admin e-mails two registrants of an event from the registrations screen: the selection bar,
 * the dialog with HTML content, the confirmation, the history tab following the campaign until it
 * is completed, and each registrant's one personalised, sanitised message on the SMTP server.
 */
import { expect, test } from "./fixtures";
import { signInAsSuperadmin } from "./support/session";

test("an admin sends an HTML campaign to two registrants and each gets one sanitised message", async ({
  page,
  baseURL,
  mailbox,
}) => {
  await signInAsSuperadmin(page, baseURL);
  const stamp = `${Date.now()}-${Math.random().toString(16).slice(2, 8)}`;
  const created = await page.request.post("/api/events", {
    headers: { origin: baseURL! },
    data: {
      eventName: `Casting Campaña ${stamp}`,
      eventDate: "2031-05-20",
      location: "Galería Güemes, CABA",
      description: "Casting para la campaña de invierno.",
      confirmationDetails: "Llegá 10 minutos antes.",
      // Registrations without photos here (the photo journey is e2e/photos.spec.ts).
      photos: "off",
      timeslots: [{ startTime: "10:00", endTime: "11:00", capacity: 10 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: string; eventName: string; timeslots: Array<{ id: string }> };

  const registrants = [
    { fullName: "Lucía Fernández", email: `lucia-${stamp}@example.com` },
    { fullName: "Martina Gómez", email: `martina-${stamp}@example.com` },
  ];
  for (const registrant of registrants) {
    const res = await page.request.post(`/api/public/events/${event.id}/registrations`, {
      headers: { origin: baseURL! },
      data: {
        ...registrant,
        dateOfBirth: "2001-08-21",
        location: "Rosario",
        phoneNumber: "0341 555-1234",
        height: 176,
        bust: 84,
        waist: 61,
        hips: 90,
        eyeColor: "Avellana/Hazel",
        instagramHandle: "@modelo.campania",
        internationalWork: true,
        timeslotId: event.timeslots[0]!.id,
        privacyNoticeVersion: 1,
        consentDataProcessing: true,
        consentPhotoScouting: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  // The registrations screen, with the new event chosen in its selector.
  await page.goto("/dashboard/scouting/registrations");
  await page.getByLabel("Evento").selectOption(event.id);
  await expect(page.getByRole("heading", { name: "Registros (2)" })).toBeVisible();

  for (const registrant of registrants) {
    await page.getByRole("checkbox", { name: `Seleccionar a ${registrant.fullName}` }).check();
  }
  const bar = page.getByRole("region", { name: "2 seleccionadas" });
  await expect(bar).toBeVisible();
  await bar.getByRole("button", { name: "Enviar email", exact: true }).click();

  const dialog = page.getByRole("dialog", { name: "Enviar correo a modelos seleccionados" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Destinatarios: 2")).toBeVisible();
  const subject = `Novedades del casting ${stamp}`;
  await dialog.getByLabel("Asunto", { exact: true }).fill(subject);
  await dialog
    .getByLabel("Mensaje", { exact: true })
    .fill('<p>Hola {nombre}</p><script>alert(1)</script><a href="javascript:alert(1)" onclick="x()">x</a>');
  await dialog.getByLabel("El mensaje contiene HTML").check();
  await dialog.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(page.getByText("¿Confirmás el envío de emails a 2 modelos?")).toBeVisible();
  await page.getByRole("button", { name: "Sí, enviar" }).click();

  // The history tab opens and follows the campaign until every message is sent.
  await expect(page.getByRole("tab", { name: "Historial de emails" })).toHaveAttribute("aria-selected", "true");
  const history = page.getByRole("tabpanel", { name: "Historial de emails" });
  await expect(history.getByText(subject)).toBeVisible();
  await expect(history.getByText("Completado", { exact: true })).toBeVisible({ timeout: 30_000 });

  for (const registrant of registrants) {
    await mailbox.waitFor(registrant.email, new RegExp(`^${subject}$`));
    const messages = mailbox.list(registrant.email).filter((m) => m.subject === subject);
    expect(messages).toHaveLength(1);
    const mail = messages[0]!;
    expect(mail.html).toContain(`Hola ${registrant.fullName}`);
    expect(mail.text).toContain(`Hola ${registrant.fullName}`);
    for (const other of registrants.filter((r) => r !== registrant)) expect(mail.html).not.toContain(other.fullName);
    for (const forbidden of ["<script", "onclick", "javascript:"]) {
      expect(mail.html).not.toContain(forbidden);
      expect(mail.text).not.toContain(forbidden);
    }
  }
});
