/**
 * The check-in camera in CI: Chromium's fake capture device plays a video of a sheet's QR code
 * (made in the test), and the screen reads it (Debian's Chromium has no BarcodeDetector: jsQR).
 */
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

test("staff scan a sheet's QR code with the phone's camera and check the person in", async ({ page, baseURL }) => {
  await signInAsSuperadmin(page, baseURL);
  const { event, people } = await eventAtTheDoor(page.request, baseURL!, ["Cami Cámara"]);
  // The QR code the sheet prints: the staff detail carries the same URL.
  const detail = (await (await page.request.get(`/api/registrations/${people[0]!.id}`)).json()) as { checkInUrl: string };
  expect(detail.checkInUrl).toMatch(/\/check-in\?t=[A-Za-z0-9_-]{43}$/);
  await showOnFakeCamera(detail.checkInUrl);

  await page.goto("/dashboard/check-in");
  await page.getByLabel("Evento").selectOption(event.id);
  await page.getByRole("button", { name: "Escanear QR" }).click();
  await expect(page.getByLabel("Vista de la cámara")).toBeVisible();
  const card = page.getByTestId("check-in-card");
  await expect(card.getByRole("heading", { name: "Cami Cámara" })).toBeVisible({ timeout: 20_000 });
  // Registered through the API, never verified: staff are told, and let the person in anyway.
  await expect(card.getByRole("alert")).toHaveText("No verificó su correo electrónico.");
  await card.getByRole("button", { name: "Dejar pasar igual" }).click();
  await expect(card.getByText(/Llegada registrada/)).toBeVisible();
  await page.getByRole("button", { name: "Detener cámara" }).click();
  expect(await arrivedNames(page.request, event.id)).toEqual(["Cami Cámara"]);
});
