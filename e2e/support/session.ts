/**
 * Signing in as the superadmin without the login UI. better-auth allows 5 sign-ins a minute per
 * address, so the session is made once per run and its cookies are shared by every test that only
 * needs to be signed in. A test that signs out must use `signInFresh` instead (sign-out ends the
 * session on the server for everyone holding its cookie).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { E2E_SUPERADMIN } from "./constants";
import { writeFileAtomically } from "./files";

type Cookies = Parameters<BrowserContext["addCookies"]>[0];

export async function signInFresh(page: Page, baseURL: string | undefined, credentials = E2E_SUPERADMIN): Promise<void> {
  const res = await page.request.post("/api/auth/sign-in/email", {
    data: { email: credentials.email, password: credentials.password },
    headers: { origin: baseURL ?? "" },
  });
  expect(res.ok(), `sign-in as ${credentials.email}: ${res.status()}`).toBe(true);
}

export async function signInAsSuperadmin(page: Page, baseURL: string | undefined): Promise<void> {
  const file = path.join(process.env.E2E_MAIL_DIR ?? "", "..", "superadmin-cookies.json");
  if (existsSync(file)) {
    await page.context().addCookies(JSON.parse(readFileSync(file, "utf8")) as Cookies);
    return;
  }
  await signInFresh(page, baseURL);
  // The other worker may be reading it at that moment.
  writeFileAtomically(file, JSON.stringify(await page.context().cookies()));
}
