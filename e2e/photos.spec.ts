/**
 * Photos (issue 17): a model registers on a phone (360 px) with the three photos over a slow
 * connection that drops once while a photo uploads, and staff see the row's thumbnail and the
 * viewer. The stored photos are checked upright and without EXIF through the staff's API.
 */
import sharp from "sharp";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { E2E_SUPERADMIN } from "./support/constants";
import { phoneJpegFile, plainPhotoFile } from "./support/photos";

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test("a model registers with three photos over a connection that drops, and staff see them", async ({
  page,
  baseURL,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  // The upload that meets the dropped connection is reported by the browser itself.
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|Failed to load resource/);
  await page.request.post("/api/auth/sign-in/email", { data: E2E_SUPERADMIN, headers: { origin: baseURL! } });
  const created = await page.request.post("/api/events", {
    headers: { origin: baseURL! },
    data: {
      eventName: `Casting Fotos ${Date.now()}`,
      eventDate: "2031-07-02",
      location: "Palermo Soho, CABA",
      description: "",
      confirmationDetails: "",
      timeslots: [{ startTime: "10:00", endTime: "11:00", capacity: 10 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: string; photos: string };
  expect(event.photos).toBe("required");
  await page.context().clearCookies();

  const face = await phoneJpegFile(test.info().outputPath("face.jpg"));
  const profile = await plainPhotoFile(test.info().outputPath("profile.png"), "#3a6", "png");
  const full = await plainPhotoFile(test.info().outputPath("full.jpg"), "#36a");

  // A slow mobile network: 400 ms of latency, about 400 kbit/s up.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 400,
    downloadThroughput: 200 * 1024,
    uploadThroughput: 50 * 1024,
  });

  const email = `fotos.${Date.now()}@example.com`;
  await page.goto(`/events/${event.id}/register`);
  await expect(page.getByRole("heading", { name: "Fotos", exact: true })).toBeVisible();

  // Submitting without photos names each one.
  await page.getByRole("button", { name: "Enviar registro" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "campos para corregir" });
  await expect(summary.getByRole("link", { name: /Foto de frente: Falta la foto de frente/ })).toBeVisible();

  const faceInput = page.getByLabel("Foto de frente", { exact: true });
  await expect(faceInput).toHaveAttribute("capture", "environment");
  await expect(faceInput).toHaveAttribute("accept", /image\/\*/);
  await faceInput.setInputFiles(face);
  await expect(page.getByRole("img", { name: "Vista previa: Foto de frente" })).toBeVisible();
  await expect(page.getByText("Foto subida")).toHaveCount(1, { timeout: 30_000 });

  // The connection drops while the profile photo uploads: it retries by itself once back.
  // (Through the same CDP session as the throttling: Playwright's setOffline would be overridden by it.)
  await cdp.send("Network.emulateNetworkConditions", { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.getByLabel("Foto de perfil", { exact: true }).setInputFiles(profile);
  await expect(page.getByText(/Sin conexión\. Reintentando en/)).toBeVisible({ timeout: 15_000 });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 400,
    downloadThroughput: 200 * 1024,
    uploadThroughput: 50 * 1024,
  });
  await expect(page.getByText("Foto subida")).toHaveCount(2, { timeout: 30_000 });

  await page.getByLabel("Foto de cuerpo entero", { exact: true }).setInputFiles(full);
  await expect(page.getByText("Foto subida")).toHaveCount(3, { timeout: 30_000 });

  await page.getByLabel("Nombre completo", { exact: true }).fill("Lucía Fotos");
  await page.getByLabel("Fecha de nacimiento", { exact: true }).fill("2002-05-20");
  await page.getByLabel("Ciudad / localidad", { exact: true }).fill("CABA");
  await page.getByLabel("Correo electrónico", { exact: true }).fill(email);
  await page.getByLabel("Teléfono", { exact: true }).fill("011 5555-1234");
  await page.getByLabel("Altura (cm)", { exact: true }).fill("176");
  await page.getByLabel("Busto (cm)", { exact: true }).fill("84");
  await page.getByLabel("Cintura (cm)", { exact: true }).fill("62");
  await page.getByLabel("Cadera (cm)", { exact: true }).fill("90");
  await page.getByLabel("Color de ojos", { exact: true }).selectOption("Marrón claro");
  await page.getByLabel("Instagram", { exact: true }).fill("@lucia.fotos");
  await page.getByLabel("¿Disponible para trabajos internacionales?", { exact: true }).selectOption({ label: "No" });
  await page.getByRole("radio", { name: /10:00 - 11:00/ }).check();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel(/acepto que la agencia trate mis datos/).check();
  await page.getByLabel(/Acepto que la agencia use mis fotos/).check();
  await page.getByRole("button", { name: "Enviar registro" }).click();
  await expect(page.getByRole("heading", { name: "¡Registro completado!" })).toBeVisible({ timeout: 20_000 });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // Staff: the row's thumbnail, and the viewer.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.request.post("/api/auth/sign-in/email", { data: E2E_SUPERADMIN, headers: { origin: baseURL! } });
  const list = await page.request.get(`/api/registrations?eventId=${event.id}`);
  const registration = ((await list.json()) as { items: Array<{ id: string; photos: Array<{ kind: string; id: string }> }> })
    .items[0]!;
  expect(registration.photos.map((photo) => photo.kind)).toEqual(["face", "profile", "full"]);

  // What was stored: upright (the red half on top), no EXIF or GPS.
  const stored = await page.request.get(`/api/registrations/${registration.id}/photos/face`);
  expect(stored.status()).toBe(200);
  expect(stored.headers()["cache-control"]).toMatch(/^private/);
  const bytes = await stored.body();
  const meta = await sharp(bytes).metadata();
  expect(meta.exif).toBeUndefined();
  expect(bytes.includes("SN-123456")).toBe(false);
  expect(meta.height).toBeGreaterThan(meta.width!);
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const top = (Math.floor(info.width / 2) + 5 * info.width) * info.channels;
  expect(data[top]).toBeGreaterThan(180);
  expect(data[top + 2]).toBeLessThan(80);
  // Anonymous: no photo.
  await page.context().clearCookies();
  expect((await page.request.get(`/api/registrations/${registration.id}/photos/face`)).status()).toBe(401);
  await page.request.post("/api/auth/sign-in/email", { data: E2E_SUPERADMIN, headers: { origin: baseURL! } });

  await page.goto("/dashboard/scouting/registrations");
  await page.getByLabel("Evento").selectOption(event.id);
  const thumbnail = page.getByRole("button", { name: "Ver las fotos de Lucía Fotos" });
  await expect(thumbnail).toBeVisible();
  await expect(thumbnail.locator("img")).toHaveAttribute("loading", "lazy");
  await expect.poll(() => thumbnail.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await thumbnail.click();
  const viewer = page.getByRole("dialog", { name: "Fotos de Lucía Fotos" });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText("Foto de frente · 1 de 3")).toBeVisible();
  await expect(viewer.getByRole("img", { name: "Foto de frente" })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(viewer.getByText("Foto de perfil · 2 de 3")).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(viewer.getByText("Foto de cuerpo entero · 3 de 3")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();

  // The compact view's row carries a smaller thumbnail that opens the same viewer.
  await page.getByRole("button", { name: "Vista compacta" }).click();
  const small = page.getByRole("row").getByRole("button", { name: "Ver las fotos de Lucía Fotos" });
  await expect(small).toBeVisible();
  expect((await small.boundingBox())?.height).toBeLessThanOrEqual(32);
  await small.click();
  await expect(viewer).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Vista detallada" }).click();
});
