import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/cookies";

/**
 * Visual regression: every route at 1366 and 390 px compared with the committed baselines in
 * tests/e2e/__screenshots__/ (playwright.config.ts `snapshotPathTemplate`). A layout change fails the
 * suite; after an intended one, regenerate and look at the new images before committing them:
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

/** The widths compared, with the longest part of a page captured there, from its top (px). */
const WIDTHS = [
  { viewport: { width: 1366, height: 900 }, maxHeight: 1000 },
  { viewport: { width: 390, height: 844 }, maxHeight: 1700 },
] as const;

interface Shot {
  name: string;
  path: string | ((d: RouteData) => string);
  /** What must be on screen before the capture (beyond 'no spinner'). */
  ready?: (page: Page) => Promise<void>;
  /** Volatile parts to mask, beyond the footer's visitor count. */
  mask?: (page: Page) => Locator[];
  /** Capture the first screen only (a page whose length depends on volatile data). */
  viewportOnly?: true;
}

interface RouteData {
  disease: string;
  pmid: string;
}

const SHOTS: Shot[] = [
  {
    name: "home",
    path: "/",
    ready: async (page) => {
      await expect(page.getByTestId("chapter-card").first()).toBeVisible();
      await expect(page.getByTestId("visitor-counter-value")).toBeVisible();
    },
    mask: (page) => [page.getByTestId("visitor-counter")],
  },
  {
    name: "gene-search",
    path: "/gene-search?q=DLG4",
    ready: async (page) => {
      await expect(page.getByTestId("gene-card").first()).toBeVisible();
    },
  },
  {
    name: "disease-search",
    path: (d) => `/disease-search?q=${encodeURIComponent(d.disease)}`,
    ready: async (page) => {
      await expect(page.getByTestId("results-count")).toBeVisible();
    },
  },
  {
    name: "paper-search",
    path: (d) => `/paper-search?q=${d.pmid}`,
    ready: async (page) => {
      await expect(page.getByTestId("results-count")).toBeVisible();
    },
  },
  { name: "gene-table", path: "/gene-table", ready: tableRows },
  { name: "disease-table", path: "/disease-table", ready: tableRows },
  { name: "paper-table", path: "/paper-table", ready: tableRows },
  { name: "synaptopathy-history", path: "/synaptopathy-history", ready: chart },
  { name: "brain-region-protein-distribution", path: "/brain-region-protein-distribution", ready: chart },
  { name: "disease-classifications", path: "/disease-classifications", ready: chart },
  { name: "synaptic-compartments", path: "/synaptic-compartments" },
  { name: "synapse-localization", path: "/synapse-localization" },
  { name: "analyze", path: "/analyze" },
  {
    name: "compare",
    path: "/compare?set=disease%3ADOID%3A0060041&set=disease%3Aepilepsy&x=0-1",
    ready: async (page) => {
      await expect(page.getByTestId("venn-diagram")).toBeVisible();
      await expect(page.getByTestId("intersection-gene-row").first()).toBeVisible();
    },
  },
  { name: "faq", path: "/faq" },
  { name: "documentation", path: "/documentation" },
  {
    name: "explorer",
    path: "/explorer",
    ready: async (page) => {
      await expect(page.locator(".graphiql-container")).toBeVisible();
      await expect(page.locator(".monaco-editor").first()).toBeVisible();
    },
    // The editors' contents, cursor and gutter are Monaco's own rendering.
    mask: (page) => [page.locator(".graphiql-editors")],
    viewportOnly: true,
  },
  {
    name: "er-diagram",
    path: "/SynapticERDiagram",
    ready: async (page) => {
      await expect(page.locator("main svg").first()).toBeVisible();
    },
  },
  { name: "publication", path: "/publication" },
  { name: "about", path: "/about" },
  { name: "cookies-policy", path: "/cookies-policy" },
  {
    name: "api-counter-dashboard",
    path: "/api-counter-dashboard",
    ready: async (page) => {
      await expect(page.getByTestId("usage-table").locator("tbody tr").first()).toBeVisible();
    },
    // Counts, times and the endpoints listed depend on what the suite has called so far.
    mask: (page) => [
      page.locator(".usage-stats dd"),
      page.getByTestId("usage-chart"),
      page.getByTestId("usage-shown"),
      page.getByTestId("usage-table"),
    ],
    viewportOnly: true,
  },
  {
    name: "data",
    path: "/data",
    ready: async (page) => {
      await expect(page.getByTestId("release-name")).not.toBeEmpty();
    },
  },
  { name: "not-found", path: "/no-such-page" },
];

async function tableRows(page: Page): Promise<void> {
  await expect(page.locator("main table tbody tr").first()).toBeVisible();
}

async function chart(page: Page): Promise<void> {
  await expect(page.locator("main svg").first()).toBeVisible();
}

let data: RouteData | null = null;

async function routeData(page: Page): Promise<RouteData> {
  if (data) return data;
  const diseases = await (await page.request.get("/api/disease/table?page=1&pageSize=1")).json();
  const papers = await (await page.request.get("/api/paper/table?page=1&pageSize=1")).json();
  data = { disease: String(diseases.data[0].description), pmid: String(papers.data[0].pmid) };
  return data;
}

/** Every query answered, nothing loading, fonts in, the page at rest at its top. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await expect(page.locator('main .loading, main [aria-busy="true"], .route-progress')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function capture(
  page: Page,
  name: string,
  shot: Pick<Shot, "mask" | "viewportOnly">,
  maxHeight: number,
) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const width = page.viewportSize()!.width;
  await expect(page).toHaveScreenshot(`${name}.png`, {
    fullPage: !shot.viewportOnly,
    clip: shot.viewportOnly ? undefined : { x: 0, y: 0, width, height: Math.min(height, maxHeight) },
    animations: "disabled",
    caret: "hide",
    scale: "css",
    mask: [page.getByTestId("visitor-count"), ...(shot.mask?.(page) ?? [])],
    // Anti-aliasing differs by a few pixels between runs of the same build; a layout change moves far more.
    maxDiffPixelRatio: 0.004,
    timeout: 20_000,
  });
}

for (const { viewport, maxHeight } of WIDTHS) {
  test.describe(`screenshots at ${viewport.width}px`, () => {
    test.use({ viewport });

    test.beforeAll(async ({ request }) => {
      // More endpoints called than the dashboard's top 10: its table always has ten rows.
      for (const path of [
        "/api/gene/table",
        "/api/disease/table",
        "/api/paper/table",
        "/api/gene/search?q=DLG4",
        "/api/disease/search?q=epilepsy",
        "/api/paper/search?q=2019",
        "/api/autocomplete?q=DL",
        "/api/proteins/compartments",
        "/api/disease-classifications",
        "/api/stats/accumulated-diseases",
        "/api/stats/new-diseases",
        "/api/consensus/genes",
      ])
        expect((await request.get(path)).ok(), path).toBe(true);
    });

    for (const shot of SHOTS) {
      test(shot.name, async ({ page }) => {
        const path = typeof shot.path === "string" ? shot.path : shot.path(await routeData(page));
        await page.goto(path);
        await expect(page.locator("main h1").first()).toBeVisible();
        await shot.ready?.(page);
        await settle(page);
        await capture(page, `${shot.name}-${viewport.width}`, shot, maxHeight);
      });
    }

    test("gene search with DLG4 expanded", async ({ page }) => {
      await page.goto("/gene-search?q=DLG4");
      const card = page.locator('[data-testid="gene-card"][data-gene="DLG4"]');
      await card.getByTestId("gene-card-toggle").click();
      await expect(card.getByTestId("paper-card").first()).toBeVisible();
      await settle(page);
      await capture(page, `gene-search-dlg4-expanded-${viewport.width}`, {}, maxHeight);
    });

    test("the network tab of SHANK3", async ({ page }) => {
      await page.goto("/gene-search?q=SHANK3");
      const card = page.locator('[data-testid="gene-card"][data-gene="SHANK3"]');
      await card.getByTestId("gene-card-toggle").click();
      await card.getByTestId("tab-network").click();
      await expect(card.getByTestId("network-node").first()).toBeVisible();
      await settle(page);
      await capture(page, `network-shank3-${viewport.width}`, {}, maxHeight);
    });
  });
}
