/**
 * The registrations screen as a person sees it on a phone (360 px) and a laptop (1280 px): what
 * jsdom cannot measure. No view is wider than the screen (the list in both layouts, each tab, the
 * selection bar, the e-mail dialog, a sent campaign's recipients), the search box shows its whole
 * placeholder, the page-size selector its whole number, the floating selection bar says what its
 * actions do, the e-mail dialog's buttons are on screen, and the compact view shows many
 * registrants per screen.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { signInAsSuperadmin } from "./support/session";

async function seedEvent(page: Page, baseURL: string | undefined, registrants = 1) {
  const stamp = `${Date.now()}-${Math.random().toString(16).slice(2, 8)}`;
  const created = await page.request.post("/api/events", {
    headers: { origin: baseURL! },
    data: {
      eventName: `Casting Diseño ${stamp}`,
      eventDate: "2031-06-14",
      location: "Palermo, CABA",
      description: "",
      confirmationDetails: "",
      // Registrations without photos here (the photo journey is e2e/photos.spec.ts).
      photos: "off",
      timeslots: [{ startTime: "10:00", endTime: "11:00", capacity: Math.max(10, registrants) }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: string; timeslots: Array<{ id: string }> };
  for (let n = 0; n < registrants; n += 1) {
    const res = await page.request.post(`/api/public/events/${event.id}/registrations`, {
      headers: { origin: baseURL! },
      data: {
        fullName: n === 0 ? "Lucía Fernández" : `Modelo Número ${n + 1}`,
        email: `lucia-${n}-${stamp}@example.com`,
        dateOfBirth: "2001-08-21",
        location: "Rosario",
        phoneNumber: "0341 555-1234",
        height: 176,
        bust: 84,
        waist: 61,
        hips: 90,
        eyeColor: "Avellana/Hazel",
        instagramHandle: "@modelo.diseno",
        internationalWork: true,
        timeslotId: event.timeslots[0]!.id,
        privacyNoticeVersion: 1,
        consentDataProcessing: true,
        consentPhotoScouting: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return event;
}

/** Whether a select's chosen option fits in the room its box leaves for text (beside the arrow). */
async function selectTextFits(page: Page, label: string): Promise<{ text: string; room: number; needed: number }> {
  return page.getByLabel(label, { exact: true }).evaluate((element) => {
    const select = element as HTMLSelectElement;
    const style = getComputedStyle(select);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = select.selectedOptions[0]?.text ?? "";
    // Chromium draws the arrow inside the box's inline-end padding area; it takes about 1.2em.
    const arrow = parseFloat(style.fontSize) * 1.2;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
    return { text, room, needed: context.measureText(text).width };
  });
}

/** Whether a text box's placeholder fits in the room its box leaves for text. */
async function placeholderFits(page: Page, name: string): Promise<{ text: string; room: number; needed: number }> {
  return page.getByRole("searchbox", { name, exact: true }).evaluate((element) => {
    const input = element as HTMLInputElement;
    const style = getComputedStyle(input);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: input.placeholder, room, needed: context.measureText(input.placeholder).width };
  });
}

/** Nothing on the page reaches past the screen's right edge: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, width: number, view: string) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide, `${view}: page width at a ${width} px screen`).toBeLessThanOrEqual(width);
}

for (const width of [360, 1280]) {
  test(`at ${width} px every view fits the screen and the list's controls show their whole text`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: width === 360 ? 640 : 800 });
    await signInAsSuperadmin(page, baseURL);
    const event = await seedEvent(page, baseURL);
    await page.goto("/dashboard/scouting/registrations");
    await page.getByLabel("Evento").selectOption(event.id);
    await expect(page.getByRole("heading", { name: "Registros (1)" })).toBeVisible();
    await expectNoSidewaysScroll(page, width, "the list");
    await page.getByRole("button", { name: "Vista compacta" }).click();
    await expect(page.getByRole("table", { name: "Registros del evento, uno por fila" })).toBeVisible();
    await expectNoSidewaysScroll(page, width, "the compact list");
    await page.getByRole("button", { name: "Vista detallada" }).click();

    const search = await placeholderFits(page, "Buscar");
    expect(search.text).toBe("Nombre, email o código");
    expect(search.room, `room for '${search.text}'`).toBeGreaterThanOrEqual(search.needed);

    const size = await selectTextFits(page, "Por página");
    expect(size.text).toBe("20");
    expect(size.room, `room for '${size.text}'`).toBeGreaterThanOrEqual(size.needed);

    await page.getByRole("checkbox", { name: "Seleccionar a Lucía Fernández" }).check();
    const bar = page.getByRole("region", { name: "1 seleccionada" });
    await expect(bar.getByText("Exportar CSV", { exact: true })).toBeVisible();
    await expect(bar.getByText("Enviar email", { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page, width, "the selection bar");

    await bar.getByRole("button", { name: "Enviar email", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Enviar correo a modelos seleccionados" });
    await expect(dialog).toBeVisible();
    for (const name of ["Cancelar", "Enviar"]) {
      await expect(dialog.getByRole("button", { name, exact: true })).toBeInViewport({ ratio: 1 });
    }
    await expectNoSidewaysScroll(page, width, "the e-mail dialog");

    // Sent: the history tab opens; its campaign with its recipients fits too.
    await dialog.getByLabel("Mensaje", { exact: true }).fill("Hola {nombre}, te esperamos.");
    await dialog.getByRole("button", { name: "Enviar", exact: true }).click();
    await page.getByRole("button", { name: "Sí, enviar" }).click();
    const history = page.getByRole("tabpanel", { name: "Historial de emails" });
    await history.getByRole("button", { name: /^Ver detalle/ }).click();
    await expect(history.getByRole("table").getByText("Lucía Fernández")).toBeVisible();
    await expectNoSidewaysScroll(page, width, "the e-mail history");

    await page.getByRole("tab", { name: "Lista de espera" }).click();
    await expect(page.getByText("Nadie está en la lista de espera de este evento.")).toBeVisible();
    await expectNoSidewaysScroll(page, width, "the waiting list");
  });
}

test("at 1280 px the compact view shows at least ten registrants on one screen, and stays accessible", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsSuperadmin(page, baseURL);
  const event = await seedEvent(page, baseURL, 12);
  await page.goto("/dashboard/scouting/registrations");
  await page.getByLabel("Evento").selectOption(event.id);
  await expect(page.getByRole("heading", { name: "Registros (12)" })).toBeVisible();

  await page.getByRole("button", { name: "Vista compacta" }).click();
  const table = page.getByRole("table", { name: "Registros del evento, uno por fila" });
  await expect(table.getByRole("row")).toHaveCount(13);
  await table.evaluate((element) => element.scrollIntoView({ block: "center" }));
  const visibleRows = await table.locator("tbody tr").evaluateAll(
    (rows) =>
      // Visible: inside the viewport and not under the shell's sticky header.
      rows.filter((row) => {
        const box = row.getBoundingClientRect();
        const middle = box.left + box.width / 2;
        const top = document.elementFromPoint(middle, box.top + 2);
        const bottom = document.elementFromPoint(middle, box.bottom - 2);
        return box.top >= 0 && box.bottom <= window.innerHeight && row.contains(top) && row.contains(bottom);
      }).length,
  );
  expect(visibleRows).toBeGreaterThanOrEqual(10);

  // Keyboard: from the row's checkbox, Tab walks through its controls.
  const lucia = table.getByRole("row", { name: /Lucía Fernández/ });
  await lucia.getByRole("checkbox", { name: "Seleccionar a Lucía Fernández" }).focus();
  await page.keyboard.press("Tab");
  await expect(lucia.getByRole("button", { name: "1 estrella" })).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  // Remembered: a reload shows the table again, of the same event (the address holds it).
  await page.reload();
  await expect(page.getByLabel("Evento")).toHaveValue(event.id);
  await expect(page.getByRole("table", { name: "Registros del evento, uno por fila" })).toBeVisible();
  await page.getByRole("button", { name: "Vista detallada" }).click();
  await expect(page.getByRole("listitem", { name: "Lucía Fernández" })).toBeVisible();
});
