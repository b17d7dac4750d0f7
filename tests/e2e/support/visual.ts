import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Visual regression: a screen compared with its committed baseline in tests/e2e/__screenshots__/
 * (playwright.config.ts `snapshotPathTemplate`). A layout change fails the suite; after an intended one,
 * regenerate and look at the new images before committing them:
 *
 *   npm run test:screenshots            # compare
 *   npm run test:screenshots:update     # rewrite the baselines (needs a build: npm run build)
 *
 * Deterministic by construction: the bundled release's data, every query answered and no spinner left,
 * fonts loaded, CSS animations and the caret off; what changes from run to run (visit counters, the API
 * usage figures, the dashboard's clock) is masked. Pages are captured down to a height per width (the
 * first screen and a half on a desktop, about three on a phone), which keeps the baselines a few MB in
 * all and still covers each screen's layout.
 */
export interface Shot {
  /** The baseline's name, before `-<width>.png`. */
  name: string;
  /** What must be on screen before the capture (beyond 'no spinner'). */
  ready?: (page: Page) => Promise<void>;
  /** Volatile parts to mask, beyond the footer's visitor count. */
  mask?: (page: Page) => Locator[];
  /** Capture the first screen only (a page whose length depends on volatile data). */
  viewportOnly?: true;
}

/** Where review screenshots go (git-ignored): pictures of a state for a person to look at, not compared. */
export const REVIEW_DIR = "tests/e2e/screenshots";

/**
 * A review screenshot `<REVIEW_DIR>/<name>.png` of a page or of one element. Skipped under CI unless
 * REVIEW_SCREENSHOTS=1: nobody looks at them there, and the visual comparisons (expectScreenshot) are what fail a run.
 * `style` is CSS applied during the capture only (e.g. to hide a sticky header over an element).
 */
export async function reviewShot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean; style?: string } = {},
): Promise<void> {
  if (process.env.CI && process.env.REVIEW_SCREENSHOTS !== "1") return;
  const path = `${REVIEW_DIR}/${name}.png`;
  if ("goto" in target) await target.screenshot({ path, fullPage: options.fullPage, style: options.style });
  else await target.screenshot({ path, style: options.style });
}

/** The widths compared, each with its viewport and the longest part of a page captured there (px). */
export const SCREENSHOT_WIDTHS = [
  { viewport: { width: 1366, height: 900 }, maxHeight: 1000 },
  { viewport: { width: 390, height: 844 }, maxHeight: 1700 },
] as const;

/** Every query answered, nothing loading, fonts in, the page at rest at its top. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await expect(page.locator('main .loading, main [aria-busy="true"], .route-progress')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Waits for the shot's content, settles the page and compares it with `<name>-<width>.png`. */
export async function expectScreenshot(page: Page, shot: Shot): Promise<void> {
  const viewport = page.viewportSize()!;
  const width = viewport.width;
  const maxHeight = SCREENSHOT_WIDTHS.find((w) => w.viewport.width === width)?.maxHeight;
  if (maxHeight === undefined) throw new Error(`no screenshot baselines at ${width}px`);
  await shot.ready?.(page);
  await settle(page);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  // A page at least twice as long as the captured part is captured from a viewport as tall as that part,
  // not as a full page clipped: Chromium draws a full-page capture whole before clipping it (/data, 11,000
  // px tall at 1366 px and 28,000 at 390: 4.7 and 6.0 s a capture on a 680 ms host, against 0.1 s).
  // Twice: <main>'s min-height is 100vh, so a taller viewport moves the footer of a page whose content
  // is shorter than it; on a page that long, header and footer included, the content is longer.
  const tall = !shot.viewportOnly && height >= 2 * maxHeight;
  if (tall) await page.setViewportSize({ width, height: maxHeight });
  try {
    await expect(page).toHaveScreenshot(`${shot.name}-${width}.png`, {
      fullPage: !shot.viewportOnly && !tall,
      clip:
        shot.viewportOnly || tall ? undefined : { x: 0, y: 0, width, height: Math.min(height, maxHeight) },
      animations: "disabled",
      caret: "hide",
      scale: "css",
      mask: [page.getByTestId("visitor-count"), ...(shot.mask?.(page) ?? [])],
      // Anti-aliasing differs by a few pixels between runs of the same build; a layout change moves far more.
      maxDiffPixelRatio: 0.004,
      timeout: 20_000,
    });
  } finally {
    if (tall) await page.setViewportSize(viewport);
  }
}

export async function tableRows(page: Page): Promise<void> {
  await expect(page.locator("main table tbody tr").first()).toBeVisible();
}

export async function chart(page: Page): Promise<void> {
  await expect(page.locator("main svg").first()).toBeVisible();
}
