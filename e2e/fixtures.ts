/**
 * The journeys' `test`: baseURL of the app started by global-setup, a mailbox reading what the
 * test's SMTP server received, and an axe check.
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

export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // A fully sandboxed frame (an e-mail in the Mailbox) runs no script, so axe cannot enter it and
  // would wait forever; its content is a message, not the app's UI.
  const results = await new AxeBuilder({ page }).exclude('iframe[sandbox=""]').analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

export const test = base.extend<{ mailbox: Mailbox }>({
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
