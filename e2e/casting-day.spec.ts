/**
 * The casting day (issue 35). Three people checked in follow the line on their phones (360 px); a room
 * calls the next ones and each called phone says «¡Te toca!» within a second, while the venue's
 * screen shows the numbers (never a name); a phone whose network drops catches up when it returns.
 * Then a walk-in registers from the poster's link and gets the next number, and a volunteer's door
 * pass, opened in a fresh browser, checks someone in, is refused the registrations list, and stops
 * working once revoked.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import sharp from "sharp";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, linkIn, test, type Mailbox } from "./fixtures";
import { eventAtTheDoor, verifyEmail, type DoorPerson } from "./support/check-in";
import { startFlakyLine } from "./support/flaky-line";
import { PHONE } from "./support/phone";
import { signInAsSuperadmin } from "./support/session";

/** How soon a called phone must say so (the bar; `npm run bench -- casting-day` measures its p95 at scale). */
const TE_TOCA_MS = 1000;

/** A phone on the person's manage page; `through`: another way to the app (a line the test can cut). */
async function phoneFor(browser: Browser, baseURL: string, mailbox: Mailbox, person: DoorPerson, through = baseURL) {
  const context = await browser.newContext({ ...PHONE, locale: "es-AR", timezoneId: "America/Argentina/Buenos_Aires" });
  const page = await context.newPage();
  await page.goto(linkIn(await mailbox.waitFor(person.email), `${baseURL}/manage?t=`).replace(baseURL, through));
  return { context, page };
}

async function checkIn(page: Page, baseURL: string, eventId: string, person: DoorPerson): Promise<number> {
  const res = await page.request.post("/api/check-ins", {
    headers: { origin: baseURL },
    data: { registrationId: person.id, eventId },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { queue: { number: number } }).queue.number;
}

const placeNumber = (phone: Page) => phone.getByTestId("place-number");
const teToca = (phone: Page) => phone.getByText("¡Te toca! Andá a Sala Azul");

test("the line: a room calls, the phones say «te toca», the venue's screen shows the numbers, a dropped phone catches up", async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(120_000);
  await signInAsSuperadmin(page, baseURL);
  const { event, people } = await eventAtTheDoor(page.request, baseURL!, ["Ana Fila", "Bruno Fila", "Carla Fila"]);
  const numbers = [];
  for (const person of people) numbers.push(await checkIn(page, baseURL!, event.id, person));
  expect(numbers).toEqual([1, 2, 3]);

  // Carla's phone reaches the app through a line the test cuts, as a phone losing its signal.
  const line = await startFlakyLine(baseURL!, 10_000_000);
  const phones: Array<{ context: BrowserContext; page: Page }> = [];
  for (const [i, person] of people.entries())
    phones.push(await phoneFor(browser, baseURL!, mailbox, person, i === 2 ? line.url : baseURL!));
  for (const [i, phone] of phones.entries()) {
    await expect(placeNumber(phone.page)).toHaveText(String(i + 1));
    await expect(phone.page.getByText("Esperando tu turno")).toBeVisible();
  }
  await expect(phones[2]!.page.getByText("Hay 2 personas antes que vos")).toBeVisible();

  // The venue's screen, on a TV: a key made by staff.
  const made = await page.request.post(`/api/events/${event.id}/display-keys`, {
    headers: { origin: baseURL! },
    data: { name: "TV de la entrada" },
  });
  expect(made.status(), await made.text()).toBe(201);
  const tv = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: "es-AR" });
  const screen = await tv.newPage();
  await screen.goto(((await made.json()) as { url: string }).url);
  await expect(screen.getByText("Todavía no hay números llamados.")).toBeVisible();

  // The room: its name, then the next two.
  await page.goto(`/dashboard/check-in/room?eventId=${event.id}`);
  await page.getByLabel("Nombre de la sala").fill("Sala Azul");
  await page.getByLabel("Cuántos llamar").fill("2");
  const called = page.waitForResponse((r) => r.url().endsWith("/queue/call") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Llamar a los próximos" }).click();
  expect((await called).status()).toBe(200);
  await expect(teToca(phones[0]!.page)).toBeVisible({ timeout: TE_TOCA_MS });
  await expect(teToca(phones[1]!.page)).toBeVisible({ timeout: TE_TOCA_MS });
  await expect(phones[2]!.page.getByText("Sos la próxima persona")).toBeVisible();
  await expect(screen.getByTestId("display-latest")).toContainText("Sala Azul");
  await expect(screen.getByTestId("display-latest")).toContainText(/[12]/);

  // Carla's phone loses its network; meanwhile the room calls her. Back online, the page catches up.
  expect(line.cut()).toBeGreaterThan(0);
  await expect(phones[2]!.page.getByText("Reconectando…")).toBeVisible();
  await page.getByLabel("Cuántos llamar").fill("1");
  await page.getByRole("button", { name: "Llamar a los próximos" }).click();
  await expect(page.getByText("Llamaste al número 3.")).toBeVisible();
  await expect(teToca(phones[2]!.page)).toHaveCount(0);
  // The signal returns: the phone says it is online again, the page reconnects from its last update.
  line.restore();
  await phones[2]!.context.setOffline(true);
  await phones[2]!.context.setOffline(false);
  await expect(teToca(phones[2]!.page)).toBeVisible({ timeout: 5_000 });

  // The screen shows the three numbers and the room, and never a name.
  await expect(screen.getByTestId("display-latest")).toContainText("3");
  await expect(screen.getByTestId("display-earlier")).toContainText("1");
  await expect(screen.getByTestId("display-earlier")).toContainText("2");
  const shown = await screen.locator("body").innerText();
  for (const person of people) expect(shown).not.toContain(person.fullName.split(" ")[0]!);

  for (const phone of phones) await phone.context.close();
  await tv.close();
  await line.close();
});

/** What the poster's QR code opens, read from the printed page's pixels (as a phone's camera would). */
async function posterLink(pdf: Buffer): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "opencall-poster-"));
  try {
    const file = path.join(dir, "poster.pdf");
    writeFileSync(file, pdf);
    execFileSync("pdftoppm", ["-png", "-r", "100", "-f", "1", "-l", "1", "-singlefile", file, path.join(dir, "page")]);
    const { data, info } = await sharp(readFileSync(path.join(dir, "page.png")))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const link = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
    if (!link) throw new Error("no QR code on the poster");
    return link;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("a walk-in takes the next number from the poster's link; a door pass checks in, sees no list, and stops when revoked", async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(120_000);
  await signInAsSuperadmin(page, baseURL);
  const { event, people } = await eventAtTheDoor(page.request, baseURL!, ["Dario Puerta", "Eva Puerta"]);
  await verifyEmail(page.request, mailbox, baseURL!, people[1]!);
  expect(await checkIn(page, baseURL!, event.id, people[0]!)).toBe(1);

  // Walk-ins on, the poster printed: its link opens the form in walk-in mode on a phone.
  const current = (await (await page.request.get(`/api/events/${event.id}`)).json()) as Record<string, unknown>;
  const updated = await page.request.put(`/api/events/${event.id}`, {
    headers: { origin: baseURL! },
    data: { ...pick(current), walkIns: { enabled: true, dailyCap: 20 } },
  });
  expect(updated.status(), await updated.text()).toBe(200);
  const poster = await page.request.get(`/api/events/${event.id}/walk-in-poster.pdf`);
  expect(poster.status()).toBe(200);
  expect(poster.headers()["content-type"]).toContain("application/pdf");
  const link = await posterLink(await poster.body());
  expect(link).toContain("walkin=");

  const walkInContext = await browser.newContext({ ...PHONE, locale: "es-AR", timezoneId: "America/Argentina/Buenos_Aires" });
  const walkIn = await walkInContext.newPage();
  await walkIn.goto(link.replace(/^https?:\/\/[^/]+/, baseURL!));
  await expect(walkIn.getByText("Registro en la puerta")).toBeVisible();
  // The server-rendered form answers once its script has taken over (ADR 013), as fixtures.ts waits.
  await walkIn.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await walkIn.getByLabel("Nombre completo", { exact: true }).fill("Flor Llegada");
  await walkIn.getByLabel("Fecha de nacimiento", { exact: true }).fill("2002-05-04");
  await walkIn.getByLabel("Ciudad / localidad", { exact: true }).fill("Rosario");
  await walkIn.getByLabel("Correo electrónico", { exact: true }).fill(`flor-${Date.now()}@example.com`);
  await walkIn.getByLabel("Teléfono", { exact: true }).fill("0341 555-7788");
  await walkIn.getByLabel("Altura (cm)", { exact: true }).fill("172");
  await walkIn.getByLabel("Busto (cm)", { exact: true }).fill("84");
  await walkIn.getByLabel("Cintura (cm)", { exact: true }).fill("62");
  await walkIn.getByLabel("Cadera (cm)", { exact: true }).fill("90");
  await walkIn.getByLabel("Color de ojos", { exact: true }).selectOption("Marrón claro");
  await walkIn.getByLabel("¿Disponible para trabajos internacionales?", { exact: true }).selectOption({ label: "No" });
  await walkIn.getByLabel("Instagram", { exact: true }).fill("@flor.llega");
  await walkIn.getByLabel(/acepto que la agencia trate mis datos/).check();
  await walkIn.getByRole("button", { name: "Registrarme y tomar número" }).click();
  await expect(walkIn.getByText("¡Listo! Ya estás en la fila")).toBeVisible();
  await expect(walkIn.getByTestId("place-number")).toHaveText("2");
  await walkInContext.close();

  // The volunteer's pass, opened in a fresh browser: the door of this event only.
  const made = await page.request.post(`/api/events/${event.id}/door-passes`, {
    headers: { origin: baseURL! },
    data: { name: "Vero Voluntaria", expiresAt: new Date(Date.now() + 6 * 60 * 60 * 1000).toISOString() },
  });
  expect(made.status(), await made.text()).toBe(201);
  const pass = (await made.json()) as { id: string; url: string };
  const volunteerContext = await browser.newContext({
    ...PHONE,
    baseURL,
    locale: "es-AR",
    timezoneId: "America/Argentina/Buenos_Aires",
  });
  const volunteer = await volunteerContext.newPage();
  await volunteer.goto(pass.url.replace(/^https?:\/\/[^/]+/, baseURL!));
  await expect(volunteer.getByText(/Pase de puerta «Vero Voluntaria»/)).toBeVisible();
  await volunteer.getByLabel("Código o nombre").fill(people[1]!.registrationCode);
  await volunteer.getByRole("button", { name: "Buscar" }).click();
  const card = volunteer.getByTestId("check-in-card");
  await expect(card.getByRole("heading", { name: "Eva Puerta" })).toBeVisible();
  await card.getByRole("button", { name: "Registrar llegada" }).click();
  await expect(card.getByText("Número 3")).toBeVisible();
  // Only the door: the registrations list is refused to the pass.
  const list = await volunteer.request.get(`/api/registrations?eventId=${event.id}`);
  expect(list.status()).toBe(403);

  // Revoked: its next request is nobody's.
  const revoked = await page.request.delete(`/api/door-passes/${pass.id}`, { headers: { origin: baseURL! } });
  expect(revoked.status()).toBe(204);
  const after = await volunteer.request.get(`/api/check-ins/search?eventId=${event.id}&q=Dario`);
  expect(after.status()).toBe(401);
  await volunteerContext.close();
});

/** The event's editable fields, as the PUT takes them. */
function pick(event: Record<string, unknown>) {
  const { eventName, eventDate, location, description, confirmationDetails, status, photos, slug, timeslots } = event;
  return {
    eventName,
    eventDate,
    location,
    description,
    confirmationDetails,
    status,
    photos,
    slug,
    timeslots: (timeslots as Array<Record<string, unknown>>).map(({ id, startTime, endTime, capacity }) => ({
      id,
      startTime,
      endTime,
      capacity,
    })),
  };
}
