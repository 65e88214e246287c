import { readFileSync } from "node:fs";
import { E2E_SUPERADMIN } from "./support/constants";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// UTC+14: a date passed through a UTC Date would show the wrong day here or in Buenos Aires.
test.use({ timezoneId: "Pacific/Kiritimati" });

test("an admin creates an event with two slots, edits it, deactivates it and sees its card", async ({ page, baseURL }) => {
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email: E2E_SUPERADMIN.email, password: E2E_SUPERADMIN.password },
    headers: { origin: baseURL! },
  });
  expect(signIn.ok()).toBe(true);
  const name = `Casting e2e ${Date.now()}`;
  const card = page.getByTestId("event-card").filter({ has: page.getByRole("heading", { name: new RegExp(`^${name}`) }) });

  // Create
  await page.goto("/dashboard/scouting/events");
  await expect(page.getByRole("heading", { level: 1, name: "Eventos de Scouting" })).toBeVisible();
  await page.getByRole("link", { name: "Crear Evento" }).click();
  await expect(page.getByRole("heading", { name: "Crear Evento de Scouting" })).toBeVisible();
  await page.getByLabel("Nombre del Evento").fill(name);
  await page.getByLabel("Fecha del Evento").fill("2026-03-05");
  await page.getByLabel("Ubicación").fill("Av. Corrientes 1234, CABA");
  await page.getByLabel("Descripción").fill("Casting abierto para nuevas caras.");
  await page.getByLabel("Detalles de Confirmación").fill("Traé tu ficha impresa.");
  const first = page.getByRole("group", { name: "Horario 1" });
  await first.getByLabel("Hora de inicio").fill("10:00");
  await first.getByLabel("Hora de fin").fill("11:00");
  await first.getByLabel("Cupo máximo").fill("8");
  await page.getByRole("button", { name: "Agregar Horario" }).click();
  const second = page.getByRole("group", { name: "Horario 2" });
  await expect(second.getByLabel("Cupo máximo")).toHaveValue("10");
  await second.getByLabel("Hora de inicio").fill("11:00");
  await second.getByLabel("Hora de fin").fill("12:00");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Crear Evento" }).click();

  await expect(page).toHaveURL(/\/dashboard\/scouting\/events$/);
  await expect(card).toBeVisible();
  await expect(card.getByText("Activo")).toBeVisible();
  const eventIdText = await card.getByText(/^ID del evento: /).textContent();
  expect(eventIdText).toMatch(/^ID del evento: EV-2026-\d{4}$/);
  const events = (await (await page.request.get("/api/events")).json()) as Array<{
    id: string;
    slug: string;
    eventName: string;
    timeslots: Array<{ startTime: string; endTime: string; capacity: number; availableSpots: number }>;
  }>;
  const created = events.find((e) => e.eventName === name)!;
  expect(
    created.timeslots.map(({ startTime, endTime, capacity, availableSpots }) => ({
      startTime,
      endTime,
      capacity,
      availableSpots,
    })),
  ).toEqual([
    { startTime: "10:00", endTime: "11:00", capacity: 8, availableSpots: 8 },
    { startTime: "11:00", endTime: "12:00", capacity: 10, availableSpots: 10 },
  ]);

  // Its short address (issue 32): copied to the clipboard, as a QR code (PNG), on a poster (PDF).
  const link = `${baseURL}/e/${created.slug}`;
  expect(created.slug).toMatch(/^casting-e2e-\d+$/);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await card.getByRole("button", { name: /^Copiar enlace/ }).click();
  await expect(page.getByText(`Enlace copiado: ${link}`)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await card.getByRole("button", { name: /^Código QR/ }).click();
  const qr = page.getByRole("dialog");
  await expect(qr.getByRole("img", { name: `Código QR que abre ${link}` })).toBeVisible();
  const [png] = await Promise.all([page.waitForEvent("download"), qr.getByRole("button", { name: "Descargar PNG" }).click()]);
  expect(png.suggestedFilename()).toBe(`qr-${created.slug}.png`);
  expect(
    readFileSync(await png.path())
      .subarray(1, 4)
      .toString(),
  ).toBe("PNG");
  await page.keyboard.press("Escape");
  const [poster] = await Promise.all([page.waitForEvent("download"), card.getByRole("button", { name: /afiche/ }).click()]);
  expect(poster.suggestedFilename()).toBe(`afiche-${created.slug}.pdf`);
  expect(
    readFileSync(await poster.path())
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
  // The short address serves the registration page, which hydrates as at /events/<id>/register.
  const visitor = await page.context().newPage();
  const problems: string[] = [];
  visitor.on("console", (message) => ["error", "warning"].includes(message.type()) && problems.push(message.text()));
  visitor.on("pageerror", (error) => problems.push(error.message));
  await visitor.goto(link);
  await expect(visitor.getByRole("heading", { level: 1, name: `Registro para ${name}` })).toBeVisible();
  await expect(visitor.locator("html")).toHaveAttribute("data-hydrated", "");
  expect(problems).toEqual([]);
  await visitor.close();

  // Edit: rename, move and resize a slot
  await card.getByRole("link", { name: /Editar evento/ }).click();
  await expect(page.getByRole("heading", { name: "Editar Evento de Scouting" })).toBeVisible();
  await expect(page.getByLabel("Nombre del Evento")).toHaveValue(name);
  await expect(page.getByLabel("Estado")).toHaveValue("active");
  await page.getByLabel("Nombre del Evento").fill(`${name} (editado)`);
  await page.getByRole("group", { name: "Horario 2" }).getByLabel("Hora de fin").fill("13:00");
  await page.getByRole("group", { name: "Horario 2" }).getByLabel("Cupo máximo").fill("4");
  await page.getByRole("button", { name: "Guardar Cambios" }).click();
  await expect(page).toHaveURL(/\/dashboard\/scouting\/events$/);
  await expect(card.getByRole("heading")).toHaveText(`${name} (editado)`);

  // Deactivate
  await card.getByRole("link", { name: /Editar evento/ }).click();
  await expect(page.getByRole("group", { name: "Horario 2" }).getByLabel("Cupo máximo")).toHaveValue("4");
  await expect(page.getByRole("group", { name: "Horario 2" }).getByLabel("Hora de fin")).toHaveValue("13:00");
  await page.getByLabel("Estado").selectOption({ label: "Inactivo" });
  await page.getByRole("button", { name: "Guardar Cambios" }).click();
  await expect(page).toHaveURL(/\/dashboard\/scouting\/events$/);

  // The card
  const badge = card.getByText("Inactivo");
  await expect(badge).toBeVisible();
  await expect(badge).toHaveClass(/bg-red/);
  await expect(card.getByText("05/03/26")).toBeVisible();
  await expect(card.getByText(/^ID del evento: /)).toHaveText(eventIdText!);
  await expect(card.getByRole("button", { name: "Ver registros (0)" })).toBeVisible();
  const publicLink = card.getByRole("link", { name: /página pública de registro/ });
  await expect(publicLink).toHaveAttribute("href", `/e/${created.slug}`);
  await expect(publicLink).toHaveAttribute("target", "_blank");
  await expectNoSeriousA11yViolations(page);

  await card.getByRole("button", { name: "Ver registros (0)" }).click();
  // The list opens on this event, and its address says so (issue 32: filters in the URL).
  await expect(page).toHaveURL(new RegExp(`/dashboard/scouting/registrations\\?eventId=${created.id}$`));
});
