import { LANGUAGES } from "../src/common/i18n";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { expectVisibleFocus } from "./support/focus";
import { triggerStaffSignupEmail } from "./support/mail";
import { seedA11yData } from "./support/a11y-seed";
import { CASTING_DAY_ROUTES, SELECTIONS_ROUTES, type RouteCase } from "./support/a11y-routes";
import { signInAsSuperadmin } from "./support/session";
import { textsIn } from "./support/texts";

/**
 * axe (serious and critical, colour contrast included) on every route of docs/product.md §2's route table,
 * in both languages and both themes, at 360 and 1280 px, plus a keyboard walk at both widths that
 * checks focus is always visible.
 */
/*
 * One entry per row of docs/product.md §2's route table. Routes that need data prepare it in `path`
 * through the API (`request` carries the superadmin's session when `signedIn`).
 */
const ROUTES: RouteCase[] = [
  {
    route: "/dashboard/scouting/events",
    path: async () => (await seedA11yData(), "/dashboard/scouting/events"),
    signedIn: true,
    ready: (page, t) => page.getByRole("heading", { level: 1, name: t("events.list.title") }),
  },
  {
    route: "/dashboard/scouting/events/new",
    path: "/dashboard/scouting/events/new",
    signedIn: true,
    ready: (page, t) => page.getByRole("heading", { name: t("events.form.createTitle") }),
  },
  {
    route: "/dashboard/scouting/events/{eventId}/edit",
    path: async () => `/dashboard/scouting/events/${(await seedA11yData()).eventId}/edit`,
    signedIn: true,
    ready: (page, t) => page.getByRole("heading", { name: t("events.form.editTitle") }),
  },
  {
    route: "/dashboard/scouting/registrations",
    path: "/dashboard/scouting/registrations",
    signedIn: true,
    ready: (page) => page.getByRole("heading", { level: 1 }),
  },
  {
    route: "/dashboard/scouting/registrations/{registrationId}/edit",
    path: async () => `/dashboard/scouting/registrations/${(await seedA11yData()).registrationId}/edit`,
    signedIn: true,
    ready: (page, t) => page.getByRole("heading", { name: t("registrations.edit.title") }),
  },
  {
    route: "/events/{eventId}/register",
    path: async () => `/events/${(await seedA11yData()).eventId}/register`,
    signedIn: false,
    ready: (page, t) =>
      page.getByRole("heading", { level: 1, name: t("public.register.title", { eventName: "Casting accesible de otoño" }) }),
  },
  {
    route: "/registration/success",
    path: async () => `/registration/success?e=${encodeURIComponent((await seedA11yData()).successToken)}`,
    signedIn: false,
    ready: (page, t) => page.getByRole("heading", { name: t("public.success.title") }),
  },
  {
    route: "/verify/{token}",
    path: async () => `/verify/${encodeURIComponent((await seedA11yData()).verifyToken)}`,
    signedIn: false,
    ready: (page, t) =>
      page.getByRole("heading", { name: new RegExp(`${t("public.verify.verified")}|${t("public.verify.alreadyConfirmed")}`) }),
  },
  {
    route: "/manage?t={token}",
    path: async () => `/manage?t=${(await seedA11yData()).manageToken}`,
    signedIn: false,
    ready: (page, t) => page.getByRole("button", { name: t("public.manage.cancel.button") }),
  },
  {
    route: "/waitlist?t={token}",
    path: async () => `/waitlist?t=${(await seedA11yData()).waitlistToken}`,
    signedIn: false,
    ready: (page, t) => page.getByRole("heading", { level: 1, name: t("public.waitlist.title") }),
  },
  { route: "/", path: "/", signedIn: false, ready: (page) => page.getByRole("heading", { level: 1 }) },
  { route: "/landing", path: "/landing", signedIn: false, ready: (page) => page.getByRole("heading", { level: 1 }) },
  {
    route: "any other path",
    path: "/no/such/page",
    signedIn: false,
    ready: (page, t) => page.getByRole("heading", { name: t("common.notFound.title") }),
  },
  {
    // The dashboard shell around whatever /dashboard redirects to (its 404 until the events page lands).
    route: "/dashboard",
    path: "/dashboard",
    signedIn: true,
    ready: (page) => page.getByRole("banner").getByRole("link", { name: "OpenCall" }),
  },
  // Not in docs/product.md §2: the Mailbox of issue 3 (every e-mail of the outbox, for admins).
  {
    route: "/dashboard/admin/mailbox",
    path: "/dashboard/admin/mailbox",
    signedIn: true,
    ready: (page, t) => page.getByRole("heading", { level: 1, name: t("mailbox.title") }),
  },
  {
    route: "/dashboard/admin/mailbox/{id}",
    path: async (request) => {
      await triggerStaffSignupEmail(undefined);
      const { items } = (await (await request.get("/api/dev/mailbox?pageSize=1")).json()) as { items: Array<{ id: number }> };
      return `/dashboard/admin/mailbox/${items[0]?.id}`;
    },
    signedIn: true,
    ready: (page) => page.getByRole("heading", { level: 1, name: /OpenCall/ }),
  },
  {
    route: "/login",
    path: "/login",
    signedIn: false,
    ready: (page, t) => page.getByRole("heading", { name: t("accounts.login.title") }),
  },
  {
    route: "/register",
    path: "/register",
    signedIn: false,
    ready: (page, t) => page.getByRole("heading", { name: t("accounts.register.title") }),
  },
  {
    route: "the registration-disabled page",
    path: "/registration-disabled",
    signedIn: false,
    ready: (page, t) => page.getByText(t("accounts.registrationDisabled.body")),
  },
  {
    route: "/registration-pending",
    path: "/registration-pending",
    signedIn: false,
    ready: (page, t) => page.getByRole("heading", { name: t("accounts.registrationPending.title") }),
  },
  {
    route: "/forgot-password",
    path: "/forgot-password",
    signedIn: false,
    ready: (page, t) => page.getByRole("heading", { name: t("accounts.forgotPassword.title") }),
  },
  {
    route: "/dashboard/admin/users",
    path: "/dashboard/admin/users",
    signedIn: true,
    ready: (page, t) => page.getByRole("button", { name: t("accounts.users.createAdmin.submit") }),
  },
  {
    route: "/dashboard/check-in",
    path: async () => (await seedA11yData(), "/dashboard/check-in"),
    signedIn: true,
    ready: (page, t) => page.getByRole("table", { name: new RegExp(t("checkin.arrivals.title")) }),
  },
  {
    route: "/dashboard/admin/privacy",
    path: "/dashboard/admin/privacy",
    signedIn: true,
    ready: (page, t) => page.getByRole("button", { name: t("privacy.admin.publish") }),
  },
  {
    route: "/dashboard/admin/audit",
    path: "/dashboard/admin/audit",
    signedIn: true,
    ready: (page, t) => page.getByRole("button", { name: t("privacy.admin.filter") }),
  },
  {
    route: "/dashboard/admin/tokens",
    path: "/dashboard/admin/tokens",
    signedIn: true,
    // The list loaded (other journeys may have left tokens): its table or the empty state.
    ready: (page, t) =>
      page.getByRole("table", { name: t("integrations.tokens.listTitle") }).or(page.getByText(t("integrations.tokens.empty"))),
  },
  {
    route: "/dashboard/admin/webhooks",
    path: "/dashboard/admin/webhooks",
    signedIn: true,
    // The list loaded (other journeys may have left endpoints): its first card or the empty state.
    ready: (page, t) =>
      page
        .getByRole("article")
        .first()
        .or(page.getByText(t("integrations.webhooks.empty"))),
  },
  {
    route: "/privacy",
    path: "/privacy",
    signedIn: false,
    ready: (page, t) => page.getByRole("heading", { name: t("privacy.notice.title") }),
  },
  {
    route: "/authentic",
    path: "/authentic",
    signedIn: false,
    ready: (page, t) => page.getByRole("heading", { name: t("public.authentic.report.title") }),
  },
  {
    route: "/privacy/request",
    path: "/privacy/request",
    signedIn: false,
    ready: (page, t) => page.getByRole("heading", { name: t("privacy.request.title") }),
  },
  {
    route: "/dashboard/account/security",
    path: "/dashboard/account/security",
    signedIn: true,
    ready: (page, t) => page.getByRole("button", { name: t("accounts.security.enable") }),
  },
  ...CASTING_DAY_ROUTES,
  ...SELECTIONS_ROUTES,
];

const THEMES = ["light", "dark"] as const;

for (const entry of ROUTES) {
  for (const language of LANGUAGES) {
    for (const theme of THEMES) {
      test(`${entry.route} in ${language}, ${theme} theme, has no serious accessibility violations`, async ({
        page,
        baseURL,
        consoleGuard,
      }) => {
        if (entry.allowConsole) consoleGuard.allow(entry.allowConsole);
        await page.addInitScript(
          ([savedTheme, savedLanguage]) => {
            localStorage.setItem("theme", savedTheme);
            localStorage.setItem("language", savedLanguage);
          },
          [theme, language] as const,
        );
        if (entry.signedIn) await signInAsSuperadmin(page, baseURL);
        const path = typeof entry.path === "string" ? entry.path : await entry.path(page.request);
        // Whether focus shows is a matter of the focus styles (an outline), which neither the language nor
        // the theme changes (the theme changes its colour, which axe's contrast check covers): the keyboard
        // walk runs once per route and width, in the first language and the light theme.
        const walksFocus = language === LANGUAGES[0] && theme === "light";
        for (const width of [360, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto(path);
          await expect(entry.ready(page, textsIn(language))).toBeVisible();
          await expect(page.locator("html")).toHaveAttribute("lang", language);
          await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
          await expectNoSeriousA11yViolations(page);
          if (walksFocus) await expectVisibleFocus(page);
        }
      });
    }
  }
}

test("the open drawer passes axe in both themes", async ({ page, baseURL }) => {
  await signInAsSuperadmin(page, baseURL);
  await page.setViewportSize({ width: 360, height: 800 });
  for (const theme of THEMES) {
    await page.goto("/dashboard");
    await page.evaluate((value) => localStorage.setItem("theme", value), theme);
    await page.reload();
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    // Let the slide-in finish: half-transparent frames are not what a user reads.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await expectNoSeriousA11yViolations(page);
  }
});

test("the fast review and its shortcuts list pass axe in both themes and at both widths", async ({ page, baseURL }) => {
  const { eventId } = await seedA11yData();
  await signInAsSuperadmin(page, baseURL);
  for (const theme of THEMES) {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/dashboard");
      await page.evaluate(
        ([value, id]) => {
          localStorage.setItem("theme", value);
          localStorage.setItem("opencall.selectedEventId", id);
        },
        [theme, eventId] as const,
      );
      await page.goto("/dashboard/scouting/registrations");
      await page.getByRole("button", { name: "Revisión rápida" }).click();
      await expect(page.getByTestId("review-card")).toBeVisible();
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press("?");
      await expect(page.getByTestId("shortcuts-overlay")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  }
});
