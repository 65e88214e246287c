/** A phone at 360 px, as the journeys hold one: its own browser context, in a language. */
import type { Browser } from "@playwright/test";

export const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } as const;

export function phoneContext(browser: Browser, baseURL: string | undefined, locale = "es-AR") {
  return browser.newContext({ ...PHONE, ...(baseURL ? { baseURL } : {}), locale, timezoneId: "America/Argentina/Buenos_Aires" });
}
