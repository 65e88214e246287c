/**
 * The journeys' `test`: baseURL of the app started by global-setup, a mailbox reading what the
 * test's SMTP server received, an axe check, and a clean browser console: any console warning or
 * error, or uncaught page error, fails the test at its end unless the test allowed it.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import type { StoredMail } from "./support/smtp";

export interface Mailbox {
  /** All messages received so far for this address. */
  list(to: string): StoredMail[];
  /** Waits for a message to `to` whose subject matches. */
  waitFor(to: string, subject?: RegExp, timeoutMs?: number): Promise<StoredMail>;
}

function readMailbox(dir: string): StoredMail[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as StoredMail);
}

/** The first link in a message's text that starts with `prefix` (an absolute URL of the app). */
export function linkIn(mail: StoredMail, prefix: string): string {
  const match = mail.text.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\s<>"]*`));
  if (!match) throw new Error(`no link starting ${prefix} in:\n${mail.text}`);
  return match[0];
}

/** Console messages a helper (not the app) causes on a page, allowed for that page only. */
const toolingMessages = new WeakMap<Page, RegExp[]>();

export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  if ((await page.locator('iframe[sandbox=""]').count()) > 0) {
    // axe still injects itself into every frame: in a sandboxed one its script is blocked, or reads
    // localStorage without an origin. Those messages are axe's, not the app's.
    toolingMessages.set(page, [
      ...(toolingMessages.get(page) ?? []),
      /Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/,
      /Failed to read the 'localStorage' property from 'Window': The document is sandboxed/,
    ]);
  }
  // A fully sandboxed frame (an e-mail in the Mailbox) runs no script, so axe cannot enter it and
  // would wait forever; its content is a message, not the app's UI.
  const results = await new AxeBuilder({ page }).exclude('iframe[sandbox=""]').analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** Lets a test expect a console message it causes on purpose (e.g. a request it makes fail). */
export interface ConsoleGuard {
  allow(pattern: RegExp): void;
}

/**
 * A server-rendered public page is whole at once, but its buttons answer only once its script has
 * taken over, which starts after the first paint (ADR 013). A person sees the page before tapping;
 * the journeys' `goto` and `reload` wait for that take-over, marked by `data-hydrated` on <html>.
 */
async function untilHydrated(page: Page): Promise<void> {
  const rendered = await page.locator("script[data-modules]").count();
  if (rendered > 0) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

export const test = base.extend<{ mailbox: Mailbox; consoleGuard: ConsoleGuard }>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await untilHydrated(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await untilHydrated(page);
      return response;
    };
    await use(page);
  },
  consoleGuard: [
    async ({ page }, use) => {
      const problems: string[] = [];
      const allowed: RegExp[] = [];
      const watched = new WeakSet<Page>();
      const watch = (target: Page) => {
        if (watched.has(target)) return;
        watched.add(target);
        target.on("console", (message) => {
          if (message.type() !== "warning" && message.type() !== "error") return;
          problems.push(`console ${message.type()} at ${target.url()}: ${message.text()}`);
        });
        target.on("pageerror", (error) => problems.push(`page error at ${target.url()}: ${error.message}`));
      };
      watch(page);
      page.context().on("page", watch);
      await use({ allow: (pattern) => allowed.push(pattern) });
      const tooling = toolingMessages.get(page) ?? [];
      const unexpected = problems.filter((problem) => ![...allowed, ...tooling].some((pattern) => pattern.test(problem)));
      expect(unexpected, "console warnings and errors during the test").toEqual([]);
    },
    { auto: true },
  ],
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  mailbox: async ({}, use) => {
    const dir = process.env.E2E_MAIL_DIR ?? "";
    await use({
      list: (to) => readMailbox(dir).filter((m) => m.to.includes(to.toLowerCase())),
      waitFor: async (to, subject, timeoutMs = 15_000) => {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const found = readMailbox(dir).find((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));
          if (found) return found;
          if (Date.now() > deadline) throw new Error(`no e-mail to ${to}${subject ? ` matching ${subject}` : ""}`);
          await new Promise((r) => setTimeout(r, 200));
        }
      },
    });
  },
});

export { expect };
