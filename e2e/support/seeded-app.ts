/**
 * An app of its own for a journey that needs data the API cannot create yet: a fresh data
 * directory is seeded first (seed-registrations.ts), then the built app starts on it.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { startApp, type RunningApp } from "./app-server";
import { E2E_SUPERADMIN } from "./constants";

export interface SeededApp {
  baseUrl: string;
  eventId: string;
  stop: () => Promise<void>;
}

export async function startSeededApp(): Promise<SeededApp> {
  const root = mkdtempSync(path.join(tmpdir(), "opencall-e2e-registrations-"));
  const dataDir = path.join(root, "data");
  const output = execFileSync(path.resolve("node_modules/.bin/tsx"), ["e2e/support/seed-registrations.ts", dataDir], {
    encoding: "utf8",
  });
  const { eventId } = JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as { eventId: string };
  const app: RunningApp = await startApp({
    DATA_DIR: dataDir,
    SUPERADMIN_EMAIL: E2E_SUPERADMIN.email,
    SUPERADMIN_PASSWORD: E2E_SUPERADMIN.password,
    AGENCY_EMAIL_DOMAIN: "agency.test",
    LOG_LEVEL: "warn",
  });
  return {
    baseUrl: app.baseUrl,
    eventId,
    stop: async () => {
      await app.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Signs the page's browser context in without the login screen. */
export async function signInAs(page: Page, baseUrl: string, credentials: { email: string; password: string }) {
  const res = await page.request.post(`${baseUrl}/api/auth/sign-in/email`, { data: credentials, headers: { origin: baseUrl } });
  if (!res.ok()) throw new Error(`sign-in failed for ${credentials.email}: ${res.status()}`);
}
