/**
 * The staff review in English: a staff member whose account has no language saved follows the
 * browser's (en-US here). Same story as registrations-admin.spec.ts, in the other language.
 */
import { readFileSync } from "node:fs";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { SEED } from "./support/registrations-seed";
import { signInAs, startSeededApp, type SeededApp } from "./support/seeded-app";

test.use({ locale: "en-US" });

let app: SeededApp;
test.beforeAll(async () => {
  app = await startSeededApp();
});
test.afterAll(async () => {
  await app?.stop();
});

test("an admin reviews an event in English: filters, search, rating, selection, CSV, resend, edit and delete", async ({
  page,
}) => {
  // This journey starts its own app on a seeded database (about 30 s on a loaded runner).
  test.setTimeout(180_000);
  const url = (path: string) => `${app.baseUrl}${path}`;
  await signInAs(page, app.baseUrl, SEED.admin);
  await page.goto(url("/dashboard/scouting/registrations"));
  // The admin's only event is chosen without asking (issue 32).
  await expect(page.getByLabel("Event", { exact: true })).toHaveValue(app.eventId);
  await expect(page.getByRole("heading", { name: `Registrations (${SEED.total})` })).toBeVisible();
  await expect(page.getByText(`Showing 1 to 20 of ${SEED.total} results`)).toBeVisible();
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination.getByRole("button", { name: /^Page/ })).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("searchbox", { name: "Search" }).fill("ñandú");
  await expect(page.getByText("Showing 1 to 1 of 1 results")).toBeVisible();
  const row = page.getByRole("listitem", { name: SEED.pendingName });
  await expect(row).toContainText("Pending");
  await expect(row).toContainText("Email not verified");

  // Liked, attended and rating.
  await row.getByRole("button", { name: "Liked" }).click();
  await expect(row.getByRole("button", { name: "Liked" })).toHaveAttribute("aria-pressed", "true");
  await row.getByRole("button", { name: "1 star", exact: true }).click();
  await expect(row.getByRole("button", { name: "1 star", exact: true })).toHaveAttribute("aria-pressed", "true");
  await row.getByRole("button", { name: "Attended" }).click();
  await expect(row.getByRole("button", { name: "Attended" })).toHaveAttribute("aria-pressed", "true");

  // Resend verification (docs/product.md's English text).
  await row.getByRole("button", { name: `Resend the verification email to ${SEED.pendingName}` }).click();
  await expect(page.getByText("Verification email resent successfully")).toBeVisible();

  // Select the page and export it: the CSV's columns are a file format, English in both languages.
  await page.getByRole("searchbox", { name: "Search" }).fill("");
  await expect(page.getByText(`Showing 1 to 20 of ${SEED.total} results`)).toBeVisible();
  await page.getByLabel("Select all on this page").check();
  const bar = page.getByRole("region", { name: "20 selected" });
  const [download] = await Promise.all([page.waitForEvent("download"), bar.getByRole("link", { name: "Export CSV" }).click()]);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv.trim().split("\r\n")).toHaveLength(21);
  await bar.getByRole("button", { name: "Clear selection" }).click();
  await expect(page.getByRole("region", { name: /selected/ })).toHaveCount(0);

  // Edit: the time slot's spots with a real plural; back to the list.
  await page.getByRole("searchbox", { name: "Search" }).fill("ñandú");
  // The row of the search's answer, once the search has run: a click during its debounce raced it.
  await expect(page.getByText("Showing 1 to 1 of 1 results")).toBeVisible();
  await page.getByRole("link", { name: `Edit ${SEED.pendingName}'s registration` }).click();
  await expect(page.getByRole("heading", { name: "Edit Registration" })).toBeVisible();
  await expect(page.getByText(/\d+ spots? left/).first()).toBeVisible();
  await expect(page.getByText(/lugares? disponibles?/)).toHaveCount(0);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/dashboard\/scouting\/registrations(\?eventId=[^&]+)?$/);
  await expect(page.getByRole("heading", { name: `Registrations (${SEED.total})` })).toBeVisible();

  // Delete with the confirmation.
  await page.getByRole("searchbox", { name: "Search" }).fill("ñandú");
  await page.getByRole("button", { name: `Delete ${SEED.pendingName}'s registration` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Are you sure you want to delete this registration?");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Registration deleted successfully")).toBeVisible();
  await expect(page.getByText("No registrations match the filters.")).toBeVisible();
});
