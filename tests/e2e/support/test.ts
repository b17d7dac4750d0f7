import { test as base, type Page } from "@playwright/test";

/** Set by the web app once it has rendered (web/src/App.tsx APP_READY_ATTRIBUTE). */
const APP_READY_ATTRIBUTE = "data-app-ready";

/**
 * Pages arrive server-rendered: text and buttons are on screen before the app has started, and a click
 * then would land on markup without handlers. Navigations therefore also wait for the app itself
 * (documents without the app's #root, a CSV or JSON say, are not waited for).
 */
async function untilAppReady(page: Page): Promise<void> {
  // A record page starts the app on its first use (web/src/lib/appStart.ts), a key pressed for one: Shift,
  // which moves nothing. Its listeners are set by the app's entry script, which runs before
  // DOMContentLoaded.
  await page.waitForLoadState("domcontentloaded");
  const waitsForUse = await page.evaluate(
    (attribute) =>
      document.documentElement.getAttribute("data-start") === "on-use" &&
      !document.documentElement.hasAttribute(attribute),
    APP_READY_ATTRIBUTE,
  );
  if (waitsForUse) await page.keyboard.press("Shift");
  await page.waitForFunction(
    (attribute) => !document.getElementById("root") || document.documentElement.hasAttribute(attribute),
    APP_READY_ATTRIBUTE,
  );
}

/**
 * Playwright's `test` whose page navigations (goto, reload, back, forward, and waitForURL, which may
 * await a full page load the page itself started) wait for the running app.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    await use(waitingForApp(page));
  },
});

/** The page, its navigations (goto, reload, back, forward, waitForURL) made to wait for the running app. */
export function waitingForApp(page: Page): Page {
  for (const method of ["goto", "reload", "goBack", "goForward", "waitForURL"] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        await untilAppReady(page);
        return response;
      },
    });
  }
  return page;
}

export { expect } from "@playwright/test";

/**
 * Ends a page's document between two tests that share the page: its scripts, timers and requests stop,
 * and the next test's navigation starts from a document of nothing. The site's own robots.txt, not
 * about:blank: about:blank is another site, so the next navigation back to the portal was given a new
 * renderer process, started cold (its V8 heap, compiled scripts and fonts anew): ~1.4 CPU-s a test on a
 * 570 ms host, most of a short test's cost. A text document of the same site keeps the renderer.
 */
export async function leaveDocument(page: Page): Promise<void> {
  await page.goto("/robots.txt");
}
