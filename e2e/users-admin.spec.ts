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
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  const superRow = page.getByTestId("user-row").filter({ hasText: E2E_SUPERADMIN.email });
  await expect(superRow.getByText("superadmin", { exact: true })).toBeVisible();
  await expect(superRow.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Another domain is refused, in the form and by the server.
  const email = page.getByLabel("Email");
  await email.fill(`intruso-${suffix}@gmail.com`);
  await page.getByRole("button", { name: "Create Admin" }).click();
  await expect(page.getByText("Only @agency.test emails are allowed")).toBeVisible();
  const refused = await page.request.post("/api/users/admins", { data: { email: `x-${suffix}@gmail.com` }, headers: origin });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error.message).toBe("Only @agency.test emails are allowed");

  // The agency's domain: an unknown address is invited.
  const adminEmail = `admin-${suffix}@agency.test`;
  await email.fill(adminEmail);
  await page.getByRole("button", { name: "Create Admin" }).click();
  await expect(page.getByText(`${adminEmail} was invited as an admin.`)).toBeVisible();
  const adminRow = page.getByTestId("user-row").filter({ hasText: adminEmail });
  await expect(adminRow.getByText("admin", { exact: true })).toBeVisible();
  await expect(adminRow.getByText("approved", { exact: true })).toBeVisible();

  // The invited admin sets a password from the e-mail and signs in.
  const invitation = await mailbox.waitFor(adminEmail, /Te invitaron como administrador/);
  const adminContext = await browser.newContext({ baseURL });
  const newAdmin = await adminContext.newPage();
  await newAdmin.goto(linkIn(invitation, `${baseURL}/reset-password?token=`));
  await expect(newAdmin.getByRole("heading", { name: "Set your password" })).toBeVisible();
  await newAdmin.getByLabel("New password", { exact: true }).fill("clave-del-admin-1");
  await newAdmin.getByLabel("Confirm new password").fill("clave-del-admin-1");
  await newAdmin.getByRole("button", { name: "Save password" }).click();
  await newAdmin.getByRole("link", { name: "Go to login" }).click();
  await expect(newAdmin.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await newAdmin.getByLabel("Email").fill(adminEmail);
  await newAdmin.getByLabel("Password", { exact: true }).fill("clave-del-admin-1");
  await newAdmin.getByRole("button", { name: "Sign in" }).click();
  await expect(newAdmin).toHaveURL(/\/dashboard\/scouting\/events$/);
  await newAdmin.goto("/dashboard/admin/users");
  await expect(newAdmin.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  // An admin may approve but neither create admins nor delete.
  await expect(newAdmin.getByRole("button", { name: "Create Admin" })).toHaveCount(0);
  await expect(newAdmin.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  await adminContext.close();

  // Delete the member: confirmation, then gone; their session ends.
  const memberRow = page.getByTestId("user-row").filter({ hasText: memberEmail });
  await memberRow.getByRole("button", { name: `Delete ${memberEmail}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Events and e-mail campaigns they created are kept.");
  await dialog.getByRole("button", { name: "Delete user" }).click();
  await expect(page.getByText(`${memberEmail} was deleted.`)).toBeVisible();
  await expect(memberRow).toHaveCount(0);
  expect((await (await memberContext.request.get("/api/session")).json()).user).toBeNull();
  await memberContext.close();
});
