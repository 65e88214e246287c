/**
 * The check-in camera in CI: Chromium's fake capture device plays a video of a sheet's QR code
 * (made in the test), and the screen reads it. Debian's Chromium has no BarcodeDetector, so the
 * first journey runs the WebAssembly ponyfill, its .wasm served by the app itself; the second
 * gives the page a native BarcodeDetector (as Chrome on Android has) and checks that one is used.
 */
import type { Page, Request } from "@playwright/test";
import { expect, test } from "./fixtures";
import { arrivedNames, eventAtTheDoor } from "./support/check-in";
import { blankFakeCamera, showOnFakeCamera } from "./support/fake-camera";
import { signInAsSuperadmin } from "./support/session";

const cameraFile = blankFakeCamera();

test.use({
  viewport: { width: 360, height: 740 },
  hasTouch: true,
  isMobile: true,
  permissions: ["camera"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${cameraFile}`,
    ],
  },
});

/** Every request the page makes for the decoder (the ponyfill's code, its .wasm). */
function decoderRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (/ponyfill|zxing/i.test(request.url())) seen.push(request);
  });
  return seen;
}

/** A person at today's door, and the check-in URL their sheet's QR code holds. */
async function personWithQr(page: Page, baseURL: string, name: string) {
  const { event, people } = await eventAtTheDoor(page.request, baseURL, [name]);
  // The QR code the sheet prints: the staff detail carries the same URL.
  const detail = (await (await page.request.get(`/api/registrations/${people[0]!.id}`)).json()) as { checkInUrl: string };
  expect(detail.checkInUrl).toMatch(/\/check-in\?t=[A-Za-z0-9_-]{43}$/);
  return { event, checkInUrl: detail.checkInUrl };
}

test("staff scan a sheet's QR code with the phone's camera and check the person in", async ({ page, baseURL }) => {
  await signInAsSuperadmin(page, baseURL);
  const { event, checkInUrl } = await personWithQr(page, baseURL!, "Cami Cámara");
  await showOnFakeCamera(checkInUrl);
  const decoder = decoderRequests(page);

  await page.goto("/dashboard/check-in");
  await page.getByLabel("Evento").selectOption(event.id);
  // Nothing of the decoder is loaded before the camera is asked for.
  expect(decoder).toEqual([]);
  await page.getByRole("button", { name: "Escanear QR" }).click();
  await expect(page.getByLabel("Vista de la cámara")).toBeVisible();
  const card = page.getByTestId("check-in-card");
  await expect(card.getByRole("heading", { name: "Cami Cámara" })).toBeVisible({ timeout: 20_000 });
  // No BarcodeDetector here: the ponyfill read it, its .wasm fetched from this app, not from a CDN.
  expect(await page.evaluate(() => "BarcodeDetector" in globalThis)).toBe(false);
  const wasm = decoder.filter((request) => request.url().endsWith(".wasm"));
  expect(wasm.map((request) => new URL(request.url()).origin)).toEqual([new URL(baseURL!).origin]);
  expect((await wasm[0]!.response())?.headers()["content-type"]).toBe("application/wasm");
  // Registered through the API, never verified: staff are told, and let the person in anyway.
  await expect(card.getByRole("alert")).toHaveText("No verificó su correo electrónico.");
  await card.getByRole("button", { name: "Dejar pasar igual" }).click();
  await expect(card.getByText(/Llegada registrada/)).toBeVisible();
  await page.getByRole("button", { name: "Detener cámara" }).click();
  expect(await arrivedNames(page.request, event.id)).toEqual(["Cami Cámara"]);
});

test("a phone with its own BarcodeDetector reads the code with it and never loads the ponyfill", async ({ page, baseURL }) => {
  await signInAsSuperadmin(page, baseURL);
  const { event, checkInUrl } = await personWithQr(page, baseURL!, "Nati Nativo");
  await showOnFakeCamera(checkInUrl);
  // The browser's own detector, as Chrome on Android has it: it reads frames of the real video.
  await page.addInitScript((url) => {
    const calls = { frames: 0 };
    class NativeBarcodeDetector {
      static async getSupportedFormats(): Promise<string[]> {
        return ["qr_code", "ean_13"];
      }
      constructor(options: { formats: string[] }) {
        if (!options.formats.includes("qr_code")) throw new Error("asked for no QR codes");
      }
      async detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>> {
        if (!(source instanceof HTMLVideoElement) || source.videoWidth === 0) return [];
        calls.frames++;
        return [{ rawValue: url }];
      }
    }
    Object.assign(globalThis, { nativeDetectorCalls: calls, BarcodeDetector: NativeBarcodeDetector });
  }, checkInUrl);
  const decoder = decoderRequests(page);

  await page.goto("/dashboard/check-in");
  await page.getByLabel("Evento").selectOption(event.id);
  await page.getByRole("button", { name: "Escanear QR" }).click();
  const card = page.getByTestId("check-in-card");
  await expect(card.getByRole("heading", { name: "Nati Nativo" })).toBeVisible({ timeout: 20_000 });
  await card.getByRole("button", { name: "Dejar pasar igual" }).click();
  await expect(card.getByText(/Llegada registrada/)).toBeVisible();
  await page.getByRole("button", { name: "Detener cámara" }).click();
  expect(
    await page.evaluate(() => (globalThis as unknown as { nativeDetectorCalls: { frames: number } }).nativeDetectorCalls.frames),
  ).toBeGreaterThan(0);
  expect(decoder.map((request) => request.url())).toEqual([]);
  expect(await arrivedNames(page.request, event.id)).toEqual(["Nati Nativo"]);
});
