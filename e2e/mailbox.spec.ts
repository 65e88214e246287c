import { expect, expectNoSeriousA11yViolations, linkIn, test } from "./fixtures";
import { triggerStaffSignupEmail } from "./support/mail";
import { signInAsSuperadmin } from "./support/session";

/**
 * Issue 3: every e-mail goes through the outbox. The built app's worker delivers a message to the
 * real SMTP server, and an admin follows it in the Mailbox (the delivery log).
 */
test("an e-mail the app sends reaches the SMTP server and the Mailbox shows it sent", async ({ page, baseURL, mailbox }) => {
  const email = await triggerStaffSignupEmail(baseURL);

  const mail = await mailbox.waitFor(email, /Confirmá tu correo en OpenCall/);
  expect(mail.text).toContain("Hola Persona Buzón:");
  expect(mail.html).toContain("OpenCall");
  expect(linkIn(mail, `${baseURL}/verify-email`)).toMatch(/token=/);
  expect(mailbox.list(email)).toHaveLength(1);

  await signInAsSuperadmin(page, baseURL);
  await page.goto("/dashboard/admin/mailbox");
  await expect(page.getByRole("navigation", { name: /Menú del panel/ }).getByRole("link", { name: "Buzón" })).toBeVisible();
  const row = page.getByRole("link", { name: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) });
  // The list refreshes itself: the row turns "Enviado" once the worker has recorded the server's 250.
  await expect(row.getByText("Enviado")).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousA11yViolations(page);

  await row.click();
  await expect(page.getByRole("heading", { level: 1, name: "Confirmá tu correo en OpenCall" })).toBeVisible();
  await expect(page.getByText(/^250 /)).toBeVisible();
  const frame = page.getByTitle("Vista HTML del correo");
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(page.frameLocator('iframe[title="Vista HTML del correo"]').getByText("Hola Persona Buzón:")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
