/**
 * Story: a staff member whose browser speaks Spanish chooses English in their account; the shell
 * switches at once, and a reload starts in English (no Spanish first).
 */
import { randomBytes } from "node:crypto";
import { expect, expectNoSeriousA11yViolations, linkIn, test } from "./fixtures";
import { E2E_SUPERADMIN } from "./support/constants";

test("a staff member chooses English in their account; it stays English after a reload", async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  const email = `idioma-${randomBytes(3).toString("hex")}@example.com`;
  const password = "una-clave-bien-larga";
  const origin = { origin: baseURL! };

  // A verified, approved account of its own (the shared superadmin's language is left alone).
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: { name: "Inés Idioma", email, password },
    headers: { ...origin, "accept-language": "es-AR" },
  });
  expect(signUp.ok()).toBe(true);
  const verification = await mailbox.waitFor(email, /Confirmá tu correo/);
  await page.goto(linkIn(verification, `${baseURL}/verify-email?token=`));
  await expect(page.getByText("Tu dirección de correo está verificada.")).toBeVisible();
  const adminContext = await browser.newContext({ baseURL });
  await adminContext.request.post("/api/auth/sign-in/email", { data: E2E_SUPERADMIN, headers: origin });
  const { items } = (await (await adminContext.request.get("/api/users")).json()) as { items: { id: string; email: string }[] };
  const id = items.find((user) => user.email === email)?.id;
  expect((await adminContext.request.post(`/api/users/${id}/approve`, { data: {}, headers: origin })).ok()).toBe(true);
  await adminContext.close();

  // Signed in, the app speaks the browser's Spanish.
  expect((await page.request.post("/api/auth/sign-in/email", { data: { email, password }, headers: origin })).ok()).toBe(true);
  await page.goto("/dashboard/account/security");
  await expect(page.getByRole("heading", { level: 1, name: "Seguridad de la cuenta" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Eventos" }).first()).toBeAttached();

  // English, chosen in the account: the shell switches at once.
  await page.getByLabel("Idioma").selectOption("en");
  await expect(page.getByRole("heading", { level: 1, name: "Account security" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Events" }).first()).toBeAttached();
  await expect(page.getByRole("button", { name: "Sign Out" }).first()).toBeAttached();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByText("Language saved.")).toBeVisible();
  await expect.poll(async () => (await (await page.request.get("/api/session")).json()).user.language).toBe("en");

  // After a reload the first heading is already English.
  await page.reload();
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toBeVisible();
  expect(await heading.textContent()).toBe("Account security");
  await expect(page.getByLabel("Language")).toHaveValue("en");

  // Another device of the same account (a browser that speaks Spanish) follows the account.
  const otherDevice = await browser.newContext({ baseURL, locale: "es-AR" });
  const other = await otherDevice.newPage();
  await other.request.post("/api/auth/sign-in/email", { data: { email, password }, headers: origin });
  await other.goto("/dashboard/scouting/events");
  await expect(other.getByRole("heading", { level: 1, name: "Scouting Events" })).toBeVisible();
  await otherDevice.close();

  // The English screens hold to the same accessibility bar.
  await expectNoSeriousA11yViolations(page);
});
