/**
 * Story: a new staff member signs up, verifies the e-mail, waits for approval, is approved by an
 * admin, signs in and out.
 */
import { randomBytes } from "node:crypto";
import { expect, expectNoSeriousA11yViolations, linkIn, test } from "./fixtures";
import { E2E_SUPERADMIN } from "./support/constants";

test("sign-up → e-mail verification → pending screen → approval → sign-in → sign-out", async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  const email = `nueva-${randomBytes(3).toString("hex")}@example.com`;
  const password = "una-clave-bien-larga";

  // Sign up.
  await page.goto("/login");
  await page.getByRole("link", { name: "Creá una" }).click();
  await expect(page.getByRole("heading", { name: "Crear una cuenta de staff" })).toBeVisible();
  await page.getByLabel("Nombre completo").fill("Nora Nueva");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await expect(page.getByText(/Seguridad de la contraseña: (Aceptable|Buena|Fuerte)/)).toBeVisible();
  await page.getByLabel("Confirmar contraseña").fill(password);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page).toHaveURL(/\/registration-pending$/);
  await expect(page.getByRole("heading", { name: "Registro pendiente de aprobación" })).toBeVisible();
  await expect(page.getByText(/correo de verificación/)).toBeVisible();

  // Verify the e-mail through the link the SMTP server received.
  const verification = await mailbox.waitFor(email, /Confirmá tu correo/);
  await page.goto(linkIn(verification, `${baseURL}/verify-email?token=`));
  await expect(page.getByText("Tu dirección de correo está verificada.")).toBeVisible();

  // Sign in: a pending account sees only the awaiting-approval screen.
  await page.getByRole("link", { name: "Ir al inicio de sesión" }).click();
  await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByRole("heading", { name: "Tu cuenta está esperando aprobación" })).toBeVisible();
  await page.goto("/dashboard/admin/users");
  await expect(page.getByRole("heading", { name: "Tu cuenta está esperando aprobación" })).toBeVisible();
  expect((await page.request.get("/api/users")).status()).toBe(403);
  await expectNoSeriousA11yViolations(page);

  // An admin approves the account on the Users screen.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await admin.request.post("/api/auth/sign-in/email", { data: E2E_SUPERADMIN, headers: { origin: baseURL! } });
  await admin.goto("/dashboard/admin/users");
  const row = admin.getByTestId("user-row").filter({ hasText: email });
  await expect(row.getByText("pendiente", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: `Aprobar a ${email}` }).click();
  await expect(admin.getByText(`${email} fue aprobado.`)).toBeVisible();
  await expect(row.getByText("aprobado", { exact: true })).toBeVisible();
  await adminContext.close();
  await mailbox.waitFor(email, /fue aprobada/);

  // Approved: the dashboard opens.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\/scouting\/events$/);
  await page.goto("/dashboard/account/security");
  await expect(page.getByRole("heading", { name: "Seguridad de la cuenta" })).toBeVisible();

  // Sign out, also in a second tab; only the theme stays stored; the session is over on the server.
  await page.evaluate(() => {
    localStorage.setItem("theme", "dark");
    localStorage.setItem("opencall.selectedEventId", "something");
  });
  const secondTab = await page.context().newPage();
  await secondTab.goto("/dashboard/account/security");
  await expect(secondTab.getByRole("heading", { name: "Seguridad de la cuenta" })).toBeVisible();
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(secondTab).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(["theme"]);
  expect((await (await page.request.get("/api/session")).json()).user).toBeNull();
});

test("a failed login shows the catalogue's text; a forgotten password is reset and old sessions end", async ({
  page,
  browser,
  baseURL,
  mailbox,
  consoleGuard,
}) => {
  // The wrong password this test types is refused on purpose (401); the browser logs the response.
  consoleGuard.allow(/Failed to load resource: the server responded with a status of 401/);
  await page.goto("/login");
  await page.getByLabel("Correo electrónico").fill(E2E_SUPERADMIN.email);
  await page.getByLabel("Contraseña", { exact: true }).fill("definitely-not-it");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByRole("alert")).toContainText("No se pudo iniciar sesión");
  await expect(page.getByRole("alert")).toContainText(
    "El correo o la contraseña que ingresaste no son correctos. Revisá tus datos e intentá de nuevo. Nota: la contraseña distingue mayúsculas de minúsculas.",
  );
  await expect(page.getByRole("link", { name: "¿Sos una agencia o negocio?" })).toHaveAttribute("href", "/landing");
  await expectNoSeriousA11yViolations(page);

  // Forgotten password, for an account with a session open on another device.
  const email = `olvido-${randomBytes(3).toString("hex")}@example.com`;
  const laptop = await browser.newContext({ baseURL });
  await laptop.request.post("/api/auth/sign-up/email", {
    data: { name: "Olga Olvido", email, password: "la-clave-vieja-1" },
    headers: { origin: baseURL! },
  });
  await laptop.request.post("/api/auth/sign-in/email", {
    data: { email, password: "la-clave-vieja-1" },
    headers: { origin: baseURL! },
  });
  expect((await (await laptop.request.get("/api/session")).json()).user).not.toBeNull();

  await page.goto("/login");
  await page.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
  await expect(page.getByRole("heading", { name: "Restablecé tu contraseña" })).toBeVisible();
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page.getByText(/Si existe una cuenta con esa dirección/)).toBeVisible();
  const mail = await mailbox.waitFor(email, /Restablecé tu contraseña/);
  await page.goto(linkIn(mail, `${baseURL}/reset-password?token=`));
  await page.getByLabel("Contraseña nueva", { exact: true }).fill("la-clave-nueva-2");
  await page.getByLabel("Confirmar contraseña nueva").fill("la-clave-nueva-2");
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(page.getByText("Tu contraseña quedó guardada.")).toBeVisible();
  const refused = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password: "la-clave-vieja-1" },
    headers: { origin: baseURL! },
  });
  expect(refused.status()).toBe(401);
  expect((await (await laptop.request.get("/api/session")).json()).user).toBeNull();
  await laptop.close();
});
