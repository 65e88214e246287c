/**
 * Photos (issue 17): a model registers on a phone (360 px) with the three photos over a slow
 * connection that drops once while a photo uploads, and staff see the row's thumbnail and the
 * viewer. The stored photos are checked upright and without EXIF through the staff's API.
 */
import { statSync } from "node:fs";
import sharp from "sharp";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { E2E_SUPERADMIN } from "./support/constants";
import { startFlakyLine } from "./support/flaky-line";
import { phoneJpegFile, plainPhotoFile } from "./support/photos";

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test("a model registers with three photos over a connection that drops, and staff see them", async ({
  page,
  baseURL,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  // The upload that meets the dropped connection is reported by the browser itself.
  consoleGuard.allow(/ERR_CONNECTION_RESET|Failed to load resource/);
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

  // The face photo as a phone takes it: 4000 × 3000, sideways by its EXIF tag, with GPS (about 2 MB).
  const face = await phoneJpegFile(test.info().outputPath("face.jpg"));
  // The profile photo weighs about 300 KB once shrunk: long enough on the slow line to drop mid-way.
  const profile = await plainPhotoFile(test.info().outputPath("profile.png"), [51, 170, 102], "png", 40);
  const full = await plainPhotoFile(test.info().outputPath("full.jpg"), [51, 102, 170]);
  // What the browser sends: the file of each upload (Chromium does not hand a FormData's file to
  // the request's post data, so it is noted as the page sends it; it still goes out as usual).
  await page.addInitScript(() => {
    const files: Blob[] = [];
    Object.assign(window, { sentPhotos: files });
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      const file = body instanceof FormData ? body.get("file") : null;
      if (file instanceof Blob) files.push(file);
      return send.call(this, body);
    };
  });
  const sentPhoto = async (index: number) => {
    const base64 = await page.evaluate(async (at) => {
      const file = (window as unknown as { sentPhotos: Blob[] }).sentPhotos[at];
      if (!file) return null;
      const bytes = new Uint8Array(await file.arrayBuffer());
      let text = "";
      for (const byte of bytes) text += String.fromCharCode(byte);
      return btoa(text);
    }, index);
    expect(base64, `upload ${index + 1} was sent`).not.toBeNull();
    return Buffer.from(base64!, "base64");
  };

  // A slow mobile network: 400 ms of latency and about 1.6 Mbit/s down (Chromium's emulation), about
  // 400 kbit/s up (a line of our own, which can also be cut while a request is on its way).
  const line = await startFlakyLine(baseURL!, 50 * 1024);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const slow = { offline: false, latency: 400, downloadThroughput: 200 * 1024, uploadThroughput: -1 };
  await cdp.send("Network.emulateNetworkConditions", slow);

  const email = `fotos.${Date.now()}@example.com`;
  await page.goto(`${line.url}/events/${event.id}/register`);
  await expect(page.getByRole("heading", { name: "Fotos", exact: true })).toBeVisible();

  // Submitting without photos names each one.
  await page.getByRole("button", { name: "Enviar registro" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "campos para corregir" });
  await expect(summary.getByRole("link", { name: /Foto de frente: Falta la foto de frente/ })).toBeVisible();

  // Each photo offers the camera (capture) and the gallery (no capture: a photo taken before).
  const faceCamera = page.getByLabel("Foto de frente: sacar una foto con la cámara", { exact: true });
  await expect(faceCamera).toHaveAttribute("capture", "environment");
  await expect(faceCamera).toHaveAttribute("accept", /image\/\*/);
  const faceGallery = page.getByLabel("Foto de frente: elegir una foto de la galería", { exact: true });
  await expect(faceGallery).not.toHaveAttribute("capture");
  await faceCamera.setInputFiles(face);
  await expect(page.getByRole("img", { name: "Vista previa: Foto de frente" })).toBeVisible();
  await expect(page.getByText("Foto subida")).toHaveCount(1, { timeout: 30_000 });
  // The browser shrank the 4000 × 3000 photo before sending it: upright, 2,000 px at most, its EXIF
  // (GPS included) left behind, a fraction of the original's weight.
  const shrunk = await sentPhoto(0);
  const shrunkMeta = await sharp(shrunk).metadata();
  expect([shrunkMeta.width, shrunkMeta.height]).toEqual([1500, 2000]);
  expect(shrunkMeta.exif).toBeUndefined();
  expect(shrunk.length).toBeLessThan(statSync(face).size / 4);

  // The connection drops while the profile photo is on its way (its progress shown): the upload
  // retries by itself once the connection is back.
  await page.getByLabel("Foto de perfil: elegir una foto de la galería", { exact: true }).setInputFiles(profile);
  await expect(page.getByText(/^Subiendo\.\.\. ([1-9]|[1-9]\d)\s?%$/)).toBeVisible({ timeout: 15_000 });
  expect(line.cut(), "the upload's connection was cut").toBeGreaterThan(0);
  await expect(page.getByText(/Sin conexión\. Reintentando en/)).toBeVisible({ timeout: 15_000 });
  line.restore();
  await expect(page.getByText("Foto subida")).toHaveCount(2, { timeout: 30_000 });

  await page.getByLabel("Foto de cuerpo entero: sacar una foto con la cámara", { exact: true }).setInputFiles(full);
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
  await line.close();

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
