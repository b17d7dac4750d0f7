import type { Page } from "@playwright/test";
import { test as base } from "./test";

/** localStorage key of the cookie consent choice (web/src/lib/cookieConsent.ts). */
export const COOKIE_CONSENT_KEY = "cookiesAccepted";

/**
 * Stores a cookie choice before any page script runs, so the home page's consent dialog
 * (a modal that makes the rest of the page inert) stays closed. A choice the test stores
 * itself later is kept.
 */
export async function presetCookieChoice(page: Page, value: "true" | "false" = "true"): Promise<void> {
  await page.addInitScript(
    ([key, choice]) => {
      // about:blank (a test's own blank page) has no storage: reading it there throws, an error on the page.
      if (!window.location.protocol.startsWith("http")) return;
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, choice);
    },
    [COOKIE_CONSENT_KEY, value] as const,
  );
}

/** Playwright's `test` whose page already has a cookie choice stored: use it in specs that visit '/'. */
export const test = base.extend({
  page: async ({ page }, use) => {
    await presetCookieChoice(page);
    await use(page);
  },
});

export { expect } from "./test";
