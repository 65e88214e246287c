/**
 * The registration page and the landing arrive drawn by the server: without JavaScript a phone
 * already shows the event and the form, or the landing's text, and when the JavaScript takes over
 * (hydration) nothing the person sees changes, the event is not fetched again, and the console stays
 * quiet (the fixture fails on any warning, hydration mismatches included).
 */
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { E2E_SUPERADMIN } from "./support/constants";

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, locale: "es-AR" };

async function createEvent(page: Page, baseURL: string): Promise<string> {
  await page.request.post("/api/auth/sign-in/email", { data: E2E_SUPERADMIN, headers: { origin: baseURL } });
  const created = await page.request.post("/api/events", {
    headers: { origin: baseURL },
    data: {
      eventName: "Casting Primavera Rosario",
      eventDate: "2031-09-21",
      location: "Centro Cultural Parque España, Rosario",
      description: "Buscamos caras nuevas para la campaña de primavera.",
      confirmationDetails: "Traé tu ficha impresa.",
      timeslots: [
        { startTime: "10:00", endTime: "11:00", capacity: 3 },
        { startTime: "11:00", endTime: "12:00", capacity: 20 },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.context().clearCookies();
  return ((await created.json()) as { id: string }).id;
}

/** React, or Preact's compat layer (the build's, ADR 012), has attached to #root: it hydrated. */
const attached = () => {
  const root = document.getElementById("root");
  return !!root && ("__k" in root || Object.keys(root).some((k) => k.startsWith("__reactContainer")));
};

/**
 * What the person sees: #root's markup and a screenshot of the first screen, once fonts are in. The
 * theme button's label (read aloud, never drawn) is the one thing the server cannot know: the client
 * names the saved or system theme once it has taken over.
 */
async function seen(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  const html = await page.locator("#root").innerHTML();
  return {
    html: html.replace(/ aria-label="Cambiar a tema (?:oscuro|claro)" title="Cambiar a tema (?:oscuro|claro)"/, ""),
    screenshot: await page.screenshot({ animations: "disabled", caret: "hide" }),
  };
}

/**
 * How many pixel channels of two screenshots differ by more than a few levels out of 255. Drawn in
 * the system faces (ADR 013), the edges of the form's inputs may be anti-aliased one level apart
 * between two loads of the same page, which no one can see; any change a person could see (a word,
 * a colour, a shift) differs by far more.
 */
async function visibleDifferences(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((png) => sharp(png).raw().toBuffer({ resolveWithObject: true })));
  if (!x || !y || x.info.width !== y.info.width || x.info.height !== y.info.height) return Infinity;
  let differing = 0;
  for (let i = 0; i < x.data.length; i++) if (Math.abs((x.data[i] ?? 0) - (y.data[i] ?? 0)) > 8) differing++;
  return differing;
}

/** The page as the server sent it: the page's script never runs (theme-init.js does, as it would). */
async function beforeHydration(browser: Browser, url: string, colorScheme: "light" | "dark", viewport = PHONE.viewport) {
  const context = await browser.newContext({ ...PHONE, viewport, colorScheme });
  await context.route(/\/assets\/public-[^/]+\.js$/, (route) => route.abort());
  const page = await context.newPage();
  const res = await page.goto(url);
  expect(res?.status()).toBe(200);
  const shown = await seen(page);
  expect(await page.evaluate(() => Object.keys(document.getElementById("root") ?? {}).some((k) => k.startsWith("__react")))).toBe(
    false,
  );
  await context.close();
  return shown;
}

async function withoutJavaScript(browser: Browser, url: string) {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  const res = await page.goto(url);
  expect(res?.status()).toBe(200);
  const html = await page.locator("#root").innerHTML();
  await context.close();
  return html;
}

for (const colorScheme of ["light", "dark"] as const) {
  test(`hydrating the registration page changes nothing the person sees (${colorScheme})`, async ({ browser, page, baseURL }) => {
    const eventId = await createEvent(page, baseURL!);
    const url = `${baseURL}/events/${eventId}/register`;

    // 1. No JavaScript at all: the page is already there.
    const noScript = await withoutJavaScript(browser, url);
    for (const text of ["Registro para Casting Primavera Rosario", "Centro Cultural Parque España, Rosario", "21/09/31"]) {
      expect(noScript).toContain(text);
    }
    expect(noScript).toMatch(/10:00 - 11:00.*3 lugares disponibles.*11:00 - 12:00.*20 lugares disponibles/);

    // 2. The page before its script runs, as a phone first draws it.
    const server = await beforeHydration(browser, url, colorScheme);

    // 3. With JavaScript: React hydrates that HTML.
    const context = await browser.newContext({ ...PHONE, colorScheme });
    const phone = await context.newPage();
    const problems: string[] = [];
    phone.on("console", (m) => {
      if (m.type() === "warning" || m.type() === "error") problems.push(m.text());
    });
    phone.on("pageerror", (e) => problems.push(e.message));
    const eventFetches: string[] = [];
    phone.on("request", (r) => {
      if (r.url().includes(`/api/public/events/${eventId}`)) eventFetches.push(r.url());
    });
    await phone.goto(url);
    // Hydrated: the page's script has attached to #root.
    await expect.poll(() => phone.evaluate(attached)).toBe(true);
    await phone.waitForLoadState("networkidle");
    const client = await seen(phone);

    expect(client.html, "hydration kept the server's markup as it was").toBe(server.html);
    expect(await visibleDifferences(client.screenshot, server.screenshot), "the first screen looks the same").toBe(0);
    expect(eventFetches, "the event is not fetched again on arrival").toEqual([]);
    expect(problems, "no console warning (no hydration mismatch)").toEqual([]);
    const toggle = phone.getByRole("button", { name: colorScheme === "dark" ? "Cambiar a tema claro" : "Cambiar a tema oscuro" });
    await expect(toggle, "the theme button names the theme it switches to").toBeVisible();

    // The client took over: the form works, and starting on it re-reads the slots' availability.
    const refreshed = phone.waitForRequest((r) => r.url().includes(`/api/public/events/${eventId}`));
    await phone.getByLabel("Nombre completo").fill("Lucía Fernández");
    await refreshed;
    await phone.getByRole("button", { name: "Enviar registro" }).click();
    await expect(phone.getByRole("alert").filter({ hasText: "campos para corregir" })).toBeFocused();
    expect(problems).toEqual([]);
    await context.close();
  });
}

for (const [path, heading] of [
  ["/landing", "Tus castings abiertos, organizados de punta a punta"],
  ["/", "Castings abiertos, sin planillas ni filas eternas"],
] as const) {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`hydrating ${path} changes nothing the person sees (${colorScheme})`, async ({ browser, baseURL }) => {
      const url = `${baseURL}${path}`;
      const noScript = await withoutJavaScript(browser, url);
      expect(noScript).toContain(heading);
      expect(noScript).toContain("Iniciar Sesión");

      for (const viewport of [PHONE.viewport, { width: 1280, height: 800 }]) {
        const server = await beforeHydration(browser, url, colorScheme, viewport);
        const context = await browser.newContext({ ...PHONE, viewport, colorScheme });
        const page = await context.newPage();
        const problems: string[] = [];
        page.on("console", (m) => {
          if (m.type() === "warning" || m.type() === "error") problems.push(m.text());
        });
        page.on("pageerror", (e) => problems.push(e.message));
        await page.goto(url);
        await expect.poll(() => page.evaluate(attached)).toBe(true);
        await page.waitForLoadState("networkidle");
        const client = await seen(page);
        expect(client.html, `hydration kept the server's markup at ${viewport.width} px`).toBe(server.html);
        expect(
          await visibleDifferences(client.screenshot, server.screenshot),
          `the first screen looks the same at ${viewport.width} px`,
        ).toBe(0);
        expect(problems, "no console warning (no hydration mismatch)").toEqual([]);
        // The client took over: the theme button works.
        const toDark = colorScheme === "light";
        await page.getByRole("button", { name: toDark ? "Cambiar a tema oscuro" : "Cambiar a tema claro" }).click();
        await expect(page.locator("html")).toHaveClass(toDark ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        await context.close();
      }
    });
  }
}

test("the page speaks the language chosen on the device, from the server's first answer", async ({ browser, page, baseURL }) => {
  const eventId = await createEvent(page, baseURL!);
  const context = await browser.newContext(PHONE);
  const phone = await context.newPage();
  await phone.goto(`${baseURL}/events/${eventId}/register`);
  await expect.poll(() => phone.evaluate(attached)).toBe(true);
  await expect(phone.locator("html")).toHaveAttribute("lang", "es-AR");
  await phone.getByRole("button", { name: "English" }).click();
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText("Registration for Casting Primavera Rosario");

  // A reload: the server renders English itself (the choice travels in a cookie).
  const res = await phone.request.get(`${baseURL}/events/${eventId}/register`);
  expect(await res.text()).toContain('<html lang="en"');
  await phone.reload();
  await expect.poll(() => phone.evaluate(attached)).toBe(true);
  await expect(phone.locator("html")).toHaveAttribute("lang", "en");
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText("Registration for Casting Primavera Rosario");
  await context.close();
});

test("a missing event's page is a 404 with the not-found text and no share tags", async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 404/);
  const res = await page.goto("/events/6f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f/register");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Evento no encontrado o inactivo" })).toBeVisible();
  expect(await page.locator('meta[property^="og:"]').count()).toBe(0);
});
