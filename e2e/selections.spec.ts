/**
 * Selections for a client (issue 36): staff share a selection of three with a password; the client
 * opens it in a browser of their own at 360 px, marks two favourites and writes a note, and staff see
 * them appear on the selection's page; once the link is revoked, it and its photos answer 404.
 */
import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { E2E_SUPERADMIN } from "./support/constants";
import { plainPhotoFile } from "./support/photos";

/** Three people registered through the public API, each with a face photo and the consent to be shown to clients. */
async function threeWhoAgreed(request: APIRequestContext, origin: string, photo: Buffer) {
  const created = await request.post("/api/events", {
    headers: { origin },
    data: {
      eventName: `Casting Selección ${Date.now()}`,
      eventDate: "2031-07-02",
      location: "Palermo Soho, CABA",
      description: "",
      confirmationDetails: "",
      photos: "optional",
      timeslots: [{ startTime: "10:00", endTime: "11:00", capacity: 10 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: string; timeslots: Array<{ id: string }> };
  for (const [index, fullName] of ["Martina Sosa", "Lola Ferreyra", "Julia Benítez"].entries()) {
    const upload = await request.post(`/api/public/events/${event.id}/photos`, {
      headers: { origin },
      multipart: { kind: "face", file: { name: "face.jpg", mimeType: "image/jpeg", buffer: photo } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const registered = await request.post(`/api/public/events/${event.id}/registrations`, {
      headers: { origin },
      data: {
        fullName,
        dateOfBirth: `199${index}-05-1${index}`,
        location: "Rosario",
        email: `seleccion-${Date.now()}-${index}@example.com`,
        phoneNumber: "0341 555-1234",
        height: 170 + index,
        bust: 84,
        waist: 61,
        hips: 90,
        eyeColor: "Marrón",
        instagramHandle: `seleccion.${index}`,
        internationalWork: false,
        timeslotId: event.timeslots[0]!.id,
        photos: { face: (await upload.json()).photoId },
        privacyNoticeVersion: 2,
        consentDataProcessing: true,
        consentPhotoScouting: true,
        consentClientSharing: true,
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
  }
  const list = await request.get(`/api/registrations?eventId=${event.id}`);
  const items = ((await list.json()) as { items: Array<{ id: string; fullName: string }> }).items;
  return ["Martina Sosa", "Lola Ferreyra", "Julia Benítez"].map((name) => items.find((item) => item.fullName === name)!.id);
}

test("a selection of three shared with a password: the client's favourites and note reach staff; revoked, it answers 404", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = baseURL!;
  await page.request.post("/api/auth/sign-in/email", { data: E2E_SUPERADMIN, headers: { origin } });
  const photo = readFileSync(await plainPhotoFile(test.info().outputPath("face.jpg"), [180, 120, 90]));
  const people = await threeWhoAgreed(page.request, origin, photo);

  const selection = await page.request.post("/api/selections", { headers: { origin }, data: { name: "Marca X, verano" } });
  const selectionId = ((await selection.json()) as { id: string }).id;
  const members = await page.request.put(`/api/selections/${selectionId}/members`, {
    headers: { origin },
    data: { registrationIds: people },
  });
  expect(members.status(), await members.text()).toBe(200);
  const share = await page.request.post(`/api/selections/${selectionId}/shares`, {
    headers: { origin },
    data: { clientName: "Marca X", expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(), password: "verano-2031" },
  });
  expect(share.status(), await share.text()).toBe(201);
  const { url } = (await share.json()) as { url: string };

  // Staff keep the selection open: the client's picks appear on it by themselves.
  await page.goto(`/dashboard/scouting/selections/${selectionId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Marca X, verano" })).toBeVisible();
  await expect(page.getByTestId("selection-member")).toHaveCount(3);

  // The client, in a browser of their own, on a phone.
  const phone = await browser.newContext({
    baseURL: origin,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    locale: "es-AR",
  });
  const client = await phone.newPage();
  await client.goto(url);
  await client.getByLabel("Contraseña").fill("invierno");
  await client.getByRole("button", { name: "Abrir" }).click();
  await expect(client.getByText("La contraseña no es correcta.")).toBeVisible();
  await client.getByLabel("Contraseña").fill("verano-2031");
  await client.getByRole("button", { name: "Abrir" }).click();
  await expect(client.getByRole("heading", { level: 1, name: "Marca X, verano" })).toBeVisible();
  const cards = client.getByRole("list", { name: "Personas de la selección" }).getByRole("article");
  await expect(cards).toHaveCount(3);
  await expect(cards.getByRole("heading")).toHaveText(["Martina", "Lola", "Julia"]);
  await expect(client.getByText("Sosa")).toHaveCount(0);
  const photoUrls = await cards.getByRole("img").evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
  expect(photoUrls).toHaveLength(3);
  for (const src of photoUrls) expect((await phone.request.get(src)).status()).toBe(200);
  await expectNoSeriousA11yViolations(client);

  await client.getByRole("button", { name: "Favorito: Martina" }).click();
  await expect(client.getByRole("button", { name: "Favorito: Martina", pressed: true })).toBeVisible();
  await client.getByRole("button", { name: "Favorito: Julia" }).click();
  await expect(client.getByText("2 favoritos")).toBeVisible();
  await client.getByRole("button", { name: "Ver detalle de Lola" }).click();
  await expect(client.getByRole("heading", { level: 2, name: "Lola" })).toBeFocused();
  await client.getByLabel("Tu nota sobre Lola").fill("Ideal para la campaña de invierno");
  await client.getByRole("button", { name: "Guardar nota" }).click();
  await expect(client.getByText("Nota guardada.")).toBeVisible();

  // Staff see both favourites and the note without reloading.
  const favourites = page.getByText("Favorito de Marca X");
  await expect(favourites).toHaveCount(2);
  await expect(page.getByText("Nota de Marca X: «Ideal para la campaña de invierno»")).toBeVisible();
  await expect(page.getByTestId("selection-share").getByText("2 favoritos, 1 nota")).toBeVisible();

  await page.getByRole("button", { name: "Revocar", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revocar enlace" }).click();
  await expect(page.getByTestId("selection-share").getByText("Revocado", { exact: true })).toBeVisible();

  // Revoked: the page, the API and every photo URL answer 404, even in the unlocked browser.
  await client.goto(url);
  await expect(client.getByRole("heading", { name: "Este enlace no existe, venció o fue revocado." })).toBeVisible();
  expect((await phone.request.get(url.replace("/shared/", "/api/public/shares/"))).status()).toBe(404);
  for (const src of photoUrls) expect((await phone.request.get(src)).status()).toBe(404);
  await phone.close();
});
