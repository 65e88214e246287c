import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { E2E_SUPERADMIN } from "./support/constants";
import { signInAsSuperadmin, signInFresh } from "./support/session";

/** docs/product.md §2 "Dashboard shell", at both sides of the 990 px breakpoint. */

const NARROW = [360, 989];
const WIDE = [990, 1280];

function shell(page: Page) {
  return {
    header: page.getByRole("banner"),
    menuButton: page.getByRole("button", { name: "Abrir menú" }),
    sidebar: page.getByTestId("sidebar"),
    drawer: page.getByRole("dialog", { name: /Menú del panel/ }),
    overlay: page.getByTestId("drawer-overlay"),
    headerUser: page.getByTestId("header-user"),
  };
}

async function hueOfBackground(locator: Locator): Promise<number> {
  const colour = await locator.evaluate((el) => getComputedStyle(el).backgroundColor);
  const match = colour.match(/oklch\([\d.]+ [\d.]+ ([\d.]+)/);
  if (!match?.[1]) throw new Error(`unexpected colour ${colour}`);
  return Number(match[1]);
}

test.beforeEach(async ({ page, baseURL }) => {
  await signInAsSuperadmin(page, baseURL);
});

test("a signed-in visitor of / lands on the events of the dashboard", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/dashboard\/scouting\/events$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\/scouting\/events$/);
  await expect(shell(page).header).toContainText("OpenCall");
});

for (const width of NARROW) {
  test(`at ${width} px the menu is a modal drawer`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/dashboard/scouting/events");
    const s = shell(page);
    await expect(s.header).toContainText("OpenCall");
    await expect(s.sidebar).toBeHidden();
    await expect(s.menuButton).toBeVisible();

    // Keyboard only: open, focus is inside, Tab stays inside, Escape closes, focus returns.
    await s.menuButton.focus();
    await page.keyboard.press("Enter");
    await expect(s.drawer).toBeVisible();
    await expect(s.drawer.getByRole("button", { name: "Scouting" })).toHaveAttribute("aria-expanded", "true");
    await expect(s.drawer.getByRole("link", { name: "Eventos" })).toBeVisible();
    await expect(s.drawer.getByRole("button", { name: /^Tema/ })).toBeVisible();
    await expect(s.drawer.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
    for (let i = 0; i < 12; i++) {
      expect(await s.drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Tab");
    }
    await page.keyboard.press("Escape");
    await expect(s.drawer).toBeHidden();
    await expect(s.menuButton).toBeFocused();

    // The overlay closes it too.
    await s.menuButton.click();
    await expect(s.drawer).toBeVisible();
    await s.overlay.click({ position: { x: width - 10, y: 400 } });
    await expect(s.drawer).toBeHidden();
    await expect(s.menuButton).toBeFocused();

    // Following a link closes it.
    await s.menuButton.click();
    await s.drawer.getByRole("link", { name: "Registros" }).click();
    await expect(page).toHaveURL(/\/dashboard\/scouting\/registrations(\?eventId=[^&]+)?$/);
    await expect(s.drawer).toBeHidden();
  });
}

for (const width of WIDE) {
  test(`at ${width} px the sidebar is fixed and the header shows the e-mail and role`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/dashboard/scouting/events");
    const s = shell(page);
    await expect(s.sidebar).toBeVisible();
    await expect(s.menuButton).toBeHidden();
    expect(await s.sidebar.evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
    const box = await s.sidebar.boundingBox();
    expect(box?.x).toBe(0);
    expect(box?.width).toBe(256);
    await expect(s.sidebar.getByRole("button", { name: "Scouting" })).toHaveAttribute("aria-expanded", "true");
    await expect(s.sidebar.getByRole("link", { name: "Eventos" })).toHaveAttribute("aria-current", "page");
    await expect(s.sidebar.getByRole("button", { name: "Administración" })).toHaveAttribute("aria-expanded", "false");
  });
}

for (const width of [...NARROW, ...WIDE]) {
  test(`at ${width} px the e-mail and role badge are in the header only on wide screens`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/dashboard/scouting/events");
    const s = shell(page);
    await expect(s.header).toContainText("OpenCall");
    if (width < 768) {
      await expect(s.headerUser).toBeHidden();
    } else {
      await expect(s.headerUser.getByText(E2E_SUPERADMIN.email)).toBeVisible();
      await expect(s.headerUser.getByText("superadmin", { exact: true })).toBeVisible();
    }
    // No part of the shell spills sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test("the superadmin's role badge is yellow", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.addInitScript(() => localStorage.setItem("theme", "light"));
  await page.goto("/dashboard/scouting/events");
  const hue = await hueOfBackground(shell(page).headerUser.getByText("superadmin", { exact: true }));
  expect(hue).toBeGreaterThan(70);
  expect(hue).toBeLessThan(110);
});

test("a group opens by itself for its child path", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/dashboard/admin/users");
  const sidebar = shell(page).sidebar;
  await expect(sidebar.getByRole("button", { name: "Administración" })).toHaveAttribute("aria-expanded", "true");
  await expect(sidebar.getByRole("link", { name: "Usuarios" })).toHaveAttribute("aria-current", "page");
  // Collapsing it, leaving and coming back opens it again.
  await sidebar.getByRole("button", { name: "Administración" }).click();
  await expect(sidebar.getByRole("link", { name: "Usuarios" })).toBeHidden();
  await sidebar.getByRole("link", { name: "Eventos" }).click();
  // Go back only once the Events page is on screen, as a person would. The router renders its
  // navigations in React transitions: a Back pressed before the Events page has rendered merges
  // both navigations into one render, and the shell never sees that the path changed.
  await expect(page).toHaveURL(/\/dashboard\/scouting\/events$/);
  await expect(page.getByRole("heading", { level: 1, name: "Eventos de Scouting" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Eventos" })).toHaveAttribute("aria-current", "page");
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/admin\/users$/);
  await expect(sidebar.getByRole("button", { name: "Administración" })).toHaveAttribute("aria-expanded", "true");
});

test("an unknown dashboard path shows the 404 inside the shell", async ({ page }) => {
  await page.goto("/dashboard/no/such/page");
  await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
  await expect(shell(page).header).toContainText("OpenCall");
});

test.describe("sign-out", () => {
  test("ends the session, goes to /login and keeps the saved theme", async ({ page, baseURL, context }) => {
    await context.clearCookies();
    await signInFresh(page, baseURL);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/dashboard/scouting/events");
    await shell(page).sidebar.getByRole("button", { name: /^Tema/ }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await shell(page).sidebar.getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    expect((await (await page.request.get("/api/session")).json()).user).toBeNull();
    await page.goto("/dashboard/scouting/events");
    await expect(page).toHaveURL(/\/login$/);
  });
});
