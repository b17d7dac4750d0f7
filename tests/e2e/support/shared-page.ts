import type { Browser, Page } from "@playwright/test";
import { test as base, presetCookieChoice } from "./cookies";
import { leaveDocument, waitingForApp } from "./test";

/** Events a test may listen to on its page; their listeners are dropped when the test ends. */
const TEST_EVENTS = [
  "console",
  "pageerror",
  "request",
  "requestfinished",
  "requestfailed",
  "response",
  "download",
  "dialog",
  "worker",
  "framenavigated",
] as const;

/**
 * Playwright's `test` with `sharedPage`: one browser context and page per worker, handed to each test
 * in turn, in place of a new context per test (a renderer started and its caches filled cold, most of
 * a short test's CPU on a slow host; tests/e2e/all-routes.spec.ts does the same for its route checks).
 *
 * Each test still starts as a fresh visitor: on a document of nothing (support/test.ts leaveDocument),
 * at its own viewport, with no cookies, no permissions granted and no stored data of this origin
 * (localStorage, sessionStorage, IndexedDB, caches) but the cookie consent (as support/cookies.ts stores
 * it), and without the listeners or routes of the test before. What stays is the browser's HTTP cache
 * (the app's files, and the answers the gateway marks cacheable), as a returning visitor's browser keeps
 * it. A test that adds init scripts, installs a clock, or watches what a cold page loads keeps its own
 * `page` (support/cookies.ts's, with the consent stored).
 */
export const test = base.extend<
  { sharedPage: Page },
  { sharedPages: { get: (baseURL: string) => Promise<Page>; drop: () => Promise<void> } }
>({
  sharedPages: [
    async ({ browser }, use) => {
      let shared: Promise<Page> | null = null;
      const open = async (browserForPage: Browser, baseURL: string) => {
        const context = await browserForPage.newContext({ baseURL });
        const page = await context.newPage();
        await presetCookieChoice(page);
        return waitingForApp(page);
      };
      const drop = async () => {
        const page = shared;
        shared = null;
        if (page) await (await page).context().close();
      };
      await use({
        get: (baseURL) => {
          shared ??= open(browser, baseURL);
          return shared;
        },
        drop,
      });
      await drop();
    },
    { scope: "worker" },
  ],
  sharedPage: async ({ sharedPages, baseURL, viewport }, use, testInfo) => {
    const page = await sharedPages.get(baseURL!);
    if (viewport) await page.setViewportSize(viewport);
    await use(page);
    try {
      for (const event of TEST_EVENTS) page.removeAllListeners(event);
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await leaveDocument(page);
      await page.context().clearCookies();
      await page.context().clearPermissions();
      const session = await page.context().newCDPSession(page);
      await session.send("Storage.clearDataForOrigin", {
        origin: new URL(baseURL!).origin,
        storageTypes: "local_storage,session_storage,indexeddb,cache_storage,service_workers,websql",
      });
      await session.detach();
    } catch (error) {
      // A page left unusable (crashed, closed) is replaced for the next test.
      testInfo.annotations.push({ type: "shared page replaced", description: String(error) });
      await sharedPages.drop();
    }
    // A failed test's page may hold anything: the next one gets a new page.
    if (testInfo.status !== testInfo.expectedStatus) await sharedPages.drop();
  },
});

export { expect } from "./cookies";
