/**
 * Story: the superadmin manages staff accounts: creates an admin (a refused domain, then an
 * invitation that ends with the new admin signing in) and deletes a user.
 */
import { randomBytes } from "node:crypto";
import { expect, expectNoSeriousA11yViolations, linkIn, test } from "./fixtures";
import { E2E_SUPERADMIN } from "./support/constants";

test("the superadmin creates an admin (refused and allowed domain) and deletes a user", async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  const suffix = randomBytes(3).toString("hex");
  const origin = { origin: baseURL! };
  // A member to delete later, with a session open elsewhere.
  const memberEmail = `borrar-${suffix}@example.com`;
  const memberContext = await browser.newContext({ baseURL });
  await memberContext.request.post("/api/auth/sign-up/email", {
    data: { name: "Bruno Borrar", email: memberEmail, password: "clave-de-bruno-1" },
    headers: origin,
  });
  await memberContext.request.post("/api/auth/sign-in/email", {
    data: { email: memberEmail, password: "clave-de-bruno-1" },
    headers: origin,
  });
  expect((await (await memberContext.request.get("/api/session")).json()).user).not.toBeNull();

  await page.request.post("/api/auth/sign-in/email", { data: E2E_SUPERADMIN, headers: origin });
  await page.goto("/dashboard/account/security");
  await page.getByRole("button", { name: "Administración" }).click();
  await page.getByRole("link", { name: "Usuarios" }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/users$/);
  await expect(page.getByRole("heading", { name: "Usuarios", level: 1 })).toBeVisible();
  const superRow = page.getByTestId("user-row").filter({ hasText: E2E_SUPERADMIN.email });
  await expect(superRow.getByText("superadmin", { exact: true })).toBeVisible();
  await expect(superRow.getByRole("button", { name: /Eliminar/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Another domain is refused, in the form and by the server.
  const email = page.getByLabel("Correo electrónico");
  await email.fill(`intruso-${suffix}@gmail.com`);
  await page.getByRole("button", { name: "Crear administrador" }).click();
  await expect(page.getByText("Solo se permiten correos @agency.test")).toBeVisible();
  const refused = await page.request.post("/api/users/admins", {
    data: { email: `x-${suffix}@gmail.com` },
    headers: { ...origin, "accept-language": "en" },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error.message).toBe("Only @agency.test emails are allowed");

  // The agency's domain: an unknown address is invited.
  const adminEmail = `admin-${suffix}@agency.test`;
  await email.fill(adminEmail);
  await page.getByRole("button", { name: "Crear administrador" }).click();
  await expect(page.getByText(`${adminEmail} fue invitado como administrador.`)).toBeVisible();
  const adminRow = page.getByTestId("user-row").filter({ hasText: adminEmail });
  // A superadmin may change an admin's role: the row shows it in its role selector.
  await expect(adminRow.getByRole("combobox")).toHaveValue("admin");
  await expect(adminRow.getByText("aprobado", { exact: true })).toBeVisible();

  // The invited admin sets a password from the e-mail and signs in.
  const invitation = await mailbox.waitFor(adminEmail, /Te invitaron como administrador/);
  const adminContext = await browser.newContext({ baseURL });
  const newAdmin = await adminContext.newPage();
  await newAdmin.goto(linkIn(invitation, `${baseURL}/reset-password?token=`));
  await expect(newAdmin.getByRole("heading", { name: "Elegí tu contraseña" })).toBeVisible();
  await newAdmin.getByLabel("Contraseña nueva", { exact: true }).fill("clave-del-admin-1");
  await newAdmin.getByLabel("Confirmar contraseña nueva").fill("clave-del-admin-1");
  await newAdmin.getByRole("button", { name: "Guardar contraseña" }).click();
  await newAdmin.getByRole("link", { name: "Ir al inicio de sesión" }).click();
  await expect(newAdmin.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
  await newAdmin.getByLabel("Correo electrónico").fill(adminEmail);
  await newAdmin.getByLabel("Contraseña", { exact: true }).fill("clave-del-admin-1");
  await newAdmin.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(newAdmin).toHaveURL(/\/dashboard\/scouting\/events$/);
  await newAdmin.goto("/dashboard/admin/users");
  await expect(newAdmin.getByRole("heading", { name: "Usuarios", level: 1 })).toBeVisible();
  // An admin may approve but neither create admins nor delete.
  await expect(newAdmin.getByRole("button", { name: "Crear administrador" })).toHaveCount(0);
  await expect(newAdmin.getByRole("button", { name: /^Eliminar/ })).toHaveCount(0);
  await adminContext.close();

  // Delete the member: confirmation, then gone; their session ends.
  const memberRow = page.getByTestId("user-row").filter({ hasText: memberEmail });
  await memberRow.getByRole("button", { name: `Eliminar a ${memberEmail}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Los eventos y las campañas de correo que creó se conservan.");
  await dialog.getByRole("button", { name: "Eliminar usuario" }).click();
  await expect(page.getByText(`${memberEmail} fue eliminado.`)).toBeVisible();
  await expect(memberRow).toHaveCount(0);
  expect((await (await memberContext.request.get("/api/session")).json()).user).toBeNull();
  await memberContext.close();
});
