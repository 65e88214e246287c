/**
 * Issue 38: an event's insights and the events side by side, at 360 and 1280 px in both themes, with
 * axe clean; the event's tracked links on its edit page.
 */
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { seedA11yData } from "./support/a11y-seed";
import { signInAsSuperadmin } from "./support/session";
import { textsIn } from "./support/texts";

const THEMES = ["light", "dark"] as const;
const t = textsIn("es-AR");

for (const theme of THEMES) {
  test(`the insights pages pass axe at 360 and 1280 px in the ${theme} theme, each chart with its numbers`, async ({
    page,
    baseURL,
  }) => {
    const { eventId } = await seedA11yData();
    await signInAsSuperadmin(page, baseURL);
    const pages = [
      { path: `/dashboard/scouting/events/${eventId}/insights`, ready: t("insights.charts.funnel") },
      { path: "/dashboard/scouting/insights", ready: t("insights.charts.acrossFunnel") },
    ];
    await page.addInitScript((value) => localStorage.setItem("theme", value), theme);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const { path, ready } of pages) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 2, name: ready })).toBeVisible();
        await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        // Nothing wider than the screen: the charts measure their card.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
        await expectNoSeriousA11yViolations(page);
      }
    }
    // The funnel's numbers, shown as a table on request.
    await page.goto(`/dashboard/scouting/events/${eventId}/insights`);
    const funnel = page.getByRole("region", { name: t("insights.charts.funnel") });
    await funnel.getByRole("button", { name: t("insights.page.showTable") }).click();
    await expect(funnel.getByRole("row", { name: new RegExp(`^${t("insights.funnel.registered")} \\d+$`) })).toBeVisible();
  });
}

test("an event's tracked link is made on its edit page, with its address", async ({ page, baseURL }) => {
  const { eventId } = await seedA11yData();
  await signInAsSuperadmin(page, baseURL);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/dashboard/scouting/events/${eventId}/edit`);
  await page.getByLabel(t("insights.links.name"), { exact: true }).fill(`Historia IG ${Date.now()}`);
  await page.getByRole("button", { name: t("insights.links.add") }).click();
  await expect(page.getByText(/\/e\/[a-z0-9-]+\/historia-ig-\d+$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
