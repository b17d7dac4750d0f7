import { readFile } from "node:fs/promises";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { GENE_TAB_KEYS } from "../../web/src/lib/geneTabs";
import { callMoreThanTenEndpoints } from "./support/api-usage";
import { expectNoAxeViolations } from "./support/axe";
import { DetailSearchPage } from "./support/detail-search.page";
import { ExplorerPage } from "./support/explorer.page";
import { GeneSearchPage } from "./support/gene-search.page";
import { expect, leaveDocument, test, waitingForApp } from "./support/test";
import { chart, expectScreenshot, SCREENSHOT_WIDTHS, type Shot, tableRows } from "./support/visual";

/**
 * Every route of the app, at a laptop's width (1366 px) and a phone's (390 px): its document title,
 * a visible <main> with an h1, no console or page errors, and no axe-core violation of any impact
 * against WCAG 2.0 and 2.1 A and AA (support/axe.ts), nothing excluded. A route the gateway sends
 * server-rendered is hydrated: the app takes over the server's elements instead of replacing them.
 * Then the same axe check on the states a user opens most: a gene card with each of its tabs, a disease
 * card with each of its tabs, the compare results, and the explorer with a result, its documentation and
 * a second tab. Each route's screen is then compared with its screenshot baseline (support/visual.ts),
 * on the page already loaded.
 *
 * One table holds the expected titles. Routes that need real data (a disease name, a PMID) take it
 * from the API at run time. No test depends on another or on the order they run in.
 */
const PRODUCT = "SynaptopathyDB";
const NOT_FOUND = "Page Not Found";

interface RouteCase {
  name: string;
  /** A path, or a function of the data read from the API. */
  path: string | ((data: RouteData) => string);
  title: string | RegExp;
  /** Sent as the empty app shell and rendered by the browser alone (no server rendering to hydrate). */
  clientOnly?: true;
  /** Its screenshot baseline (support/visual.ts), and what the page must show before the capture. */
  shot: Shot;
  /** Run before the page opens (calls that make the screen's content stable). */
  prepare?: (page: Page) => Promise<void>;
}

interface RouteData {
  disease: string;
  pmid: string;
}

const ROUTES: RouteCase[] = [
  {
    name: "home",
    path: "/",
    title: `${PRODUCT} - A Comprehensive Resource for Synaptopathy Research`,
    shot: {
      name: "home",
      ready: async (page) => {
        await expect(page.getByTestId("chapter-card").first()).toBeVisible();
        await expect(page.getByTestId("visitor-counter-value")).toBeVisible();
      },
      mask: (page) => [page.getByTestId("visitor-counter")],
    },
  },
  {
    name: "gene search",
    path: "/gene-search?q=DLG4",
    title: "Gene Search",
    shot: {
      name: "gene-search",
      ready: async (page) => {
        await expect(page.getByTestId("gene-card").first()).toBeVisible();
      },
    },
  },
  {
    name: "disease search",
    path: (d) => `/disease-search?q=${encodeURIComponent(d.disease)}`,
    title: "Disease Search",
    shot: { name: "disease-search", ready: resultsCount },
  },
  {
    name: "publication search",
    path: (d) => `/paper-search?q=${d.pmid}`,
    title: "Synapse Proteomic Publication Search",
    shot: { name: "paper-search", ready: resultsCount },
  },
  {
    name: "gene catalog",
    path: "/gene-table",
    title: "Synapse Proteome Catalog",
    shot: { name: "gene-table", ready: tableRows },
  },
  {
    name: "disease catalog",
    path: "/disease-table",
    title: "Diseases Catalog",
    shot: { name: "disease-table", ready: tableRows },
  },
  {
    name: "publication catalog",
    path: "/paper-table",
    title: "Publications Catalog",
    shot: { name: "paper-table", ready: tableRows },
  },
  {
    name: "synaptopathy history",
    path: "/synaptopathy-history",
    title: "Synaptopathy History",
    shot: { name: "synaptopathy-history", ready: chart },
  },
  {
    name: "brain regions",
    path: "/brain-region-protein-distribution",
    title: "Brain Region Protein Distribution",
    shot: { name: "brain-region-protein-distribution", ready: chart },
  },
  {
    name: "disease classifications",
    path: "/disease-classifications",
    title: "International Classification of Diseases",
    shot: { name: "disease-classifications", ready: chart },
  },
  {
    name: "compartments",
    path: "/synaptic-compartments",
    title: "Synapse Compartments",
    shot: { name: "synaptic-compartments" },
  },
  {
    name: "synapse localization",
    path: "/synapse-localization",
    title: "Synapse Compartments",
    shot: { name: "synapse-localization" },
  },
  {
    name: "FAQ",
    path: "/faq",
    title: /^(FAQ|Frequently Asked Questions)/,
    shot: { name: "faq" },
  },
  {
    name: "API documentation",
    path: "/documentation",
    title: "API Documentation",
    shot: { name: "documentation" },
  },
  {
    name: "GraphQL explorer",
    path: "/explorer",
    title: "GraphQL Explorer",
    clientOnly: true,
    shot: {
      name: "explorer",
      ready: async (page) => {
        await expect(page.locator(".graphiql-container")).toBeVisible();
        await expect(page.locator(".monaco-editor").first()).toBeVisible();
      },
      // The editors' contents, cursor and gutter are Monaco's own rendering.
      mask: (page) => [page.locator(".graphiql-editors")],
      viewportOnly: true,
    },
  },
  {
    name: "ER diagram",
    path: "/SynapticERDiagram",
    title: "Synaptic Proteomic Database - ER Diagram",
    shot: {
      name: "er-diagram",
      ready: async (page) => {
        await expect(page.locator("main svg").first()).toBeVisible();
      },
    },
  },
  {
    name: "publication",
    path: "/publication",
    title: "Publication and Database Information",
    shot: { name: "publication" },
  },
  { name: "about", path: "/about", title: `About ${PRODUCT}`, shot: { name: "about" } },
  // A record's own page, one of each kind (schema/entity-address.ts).
  {
    name: "gene page",
    path: "/gene/DLG4",
    title: `DLG4: discs large MAGUK scaffold protein 4 | ${PRODUCT}`,
    shot: { name: "gene-page", ready: recordHeading },
  },
  {
    name: "disease page",
    path: "/disease/DOID:1826",
    title: `Epilepsy (DOID:1826) | ${PRODUCT}`,
    shot: { name: "disease-page", ready: recordHeading },
  },
  {
    name: "study page",
    path: "/study/10862698",
    title: /^HUSI_2000 \(2000\) \| /,
    shot: { name: "study-page", ready: recordHeading },
  },
  {
    name: "brain region page",
    path: "/brain-region/hippocampus",
    title: `Hippocampus (brain region) | ${PRODUCT}`,
    shot: { name: "brain-region-page", ready: recordHeading },
  },
  {
    name: "ICD-11 chapter page",
    path: "/icd-chapter/08",
    title: `ICD-11 chapter 08: Diseases of the nervous system | ${PRODUCT}`,
    shot: {
      name: "icd-chapter-page",
      ready: async (page) => {
        await expect(page.getByTestId("dialog-disease-count")).toBeVisible();
      },
    },
  },
  {
    name: "compartment page",
    path: "/compartment/presynaptic",
    title: `Presynaptic proteins (synaptic compartment) | ${PRODUCT}`,
    shot: {
      name: "compartment-page",
      ready: async (page) => {
        await expect(page.getByTestId("compartment-page").locator("tbody tr").first()).toBeVisible();
      },
    },
  },
  {
    name: "cookies policy",
    path: "/cookies-policy",
    title: "Cookies Policy",
    shot: { name: "cookies-policy" },
  },
  {
    name: "API usage dashboard",
    path: "/api-counter-dashboard",
    title: "API Usage Dashboard",
    // More endpoints called than the dashboard's top 10: its table always has ten rows.
    prepare: callMoreThanTenEndpoints,
    shot: {
      name: "api-counter-dashboard",
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
  },
  {
    name: "data",
    path: "/data",
    title: "Data & provenance",
    shot: {
      name: "data",
      ready: async (page) => {
        await expect(page.getByTestId("release-name")).not.toBeEmpty();
      },
    },
  },
  { name: "analyze", path: "/analyze", title: /Analy[sz]/i, shot: { name: "analyze" } },
  {
    name: "compare",
    path: "/compare?set=disease%3ADOID%3A0060041&set=disease%3Aepilepsy&x=0-1",
    title: /Compare Gene Sets/,
    shot: {
      name: "compare",
      ready: async (page) => {
        await expect(page.getByTestId("venn-diagram")).toBeVisible();
        await expect(page.getByTestId("intersection-gene-row").first()).toBeVisible();
      },
    },
  },
  // Answered 404 with the Not Found screen rendered for its address (tests/api/http.test.ts checks the status).
  { name: "unknown path", path: "/no-such-page", title: NOT_FOUND, shot: { name: "not-found" } },
];

/** A record page's heading is drawn (its card's, or its panel's). */
async function recordHeading(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

async function resultsCount(page: Page): Promise<void> {
  await expect(page.getByTestId("results-count")).toBeVisible();
}

/** Two sizes every screen is checked at: a common laptop and a phone (those of the screenshot baselines). */
const VIEWPORTS = SCREENSHOT_WIDTHS.map((w) => w.viewport);

let data: Promise<RouteData> | null = null;

/** A disease name and a PMID from the API (read once per worker; every test may be the first). */
function routeData(page: Page): Promise<RouteData> {
  data ??= (async () => {
    const diseases = await (await page.request.get("/api/disease/table?page=1&pageSize=1")).json();
    const papers = await (await page.request.get("/api/paper/table?page=1&pageSize=1")).json();
    const disease = String(diseases.data?.[0]?.description ?? "");
    const pmid = String(papers.data?.[0]?.pmid ?? "");
    expect(disease, "a disease from the API").not.toBe("");
    expect(pmid, "a PMID from the API").toMatch(/^\d+$/);
    return { disease, pmid };
  })();
  return data;
}

/** The tabs of a disease card (DiseaseSearchPage.tsx), the first open when it expands. */
const DISEASE_TABS = ["genes", "mutations", "papers"] as const;

/** Waits until a tab panel shows its content: visible, no spinner, no request in flight. */
async function expectSettled(page: Page, panel: Locator): Promise<void> {
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("status").filter({ hasText: "Loading" })).toHaveCount(0);
  await page.waitForLoadState("networkidle");
}

/** Console and page errors of the page from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`page: ${e.message}`));
  return errors;
}

/** Before any script of each document: a fresh browser's stored choices, with the cookies accepted. */
async function prepareDocuments(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    // Nothing a route stored is seen by the next one on a shared page (one document per route check).
    window.localStorage.clear();
    // The cookie dialog on '/' would cover the page: accept it before any script runs.
    window.localStorage.setItem("cookiesAccepted", "true");
    // The server's first element in #root, before the app's code runs (null for the empty shell).
    document.addEventListener("DOMContentLoaded", () => {
      Object.assign(window, { serverRendered: document.getElementById("root")?.firstElementChild ?? null });
    });
  });
}

/**
 * The route checks, and the states after them, share one page per worker and viewport: a new browser
 * context per check (a renderer started and its caches filled cold) was most of a check's time on a
 * slow host. Each check still loads its route as a new document, with no cookies and no stored choice
 * but the cookie consent.
 */
const routeTest = test.extend<
  { routePage: Page },
  { routePages: (viewport: { width: number; height: number }, baseURL: string) => Promise<Page> }
>({
  routePages: [
    async ({ browser }, use) => {
      const pages = new Map<number, Promise<Page>>();
      await use((viewport, baseURL) => {
        let page = pages.get(viewport.width);
        if (!page) {
          page = (async () => {
            const context = await browser.newContext({ viewport, baseURL });
            await prepareDocuments(context);
            return waitingForApp(await context.newPage());
          })();
          pages.set(viewport.width, page);
        }
        return page;
      });
      for (const page of pages.values()) await (await page).context().close();
    },
    { scope: "worker" },
  ],
  routePage: async ({ routePages, viewport, baseURL }, use) => {
    const page = await routePages(viewport!, baseURL!);
    await page.context().clearCookies();
    await use(page);
    // The check's listeners go with it, and its document, so that nothing it started reaches the next.
    page.removeAllListeners("console");
    page.removeAllListeners("pageerror");
    page.removeAllListeners("response");
    await leaveDocument(page);
  },
});

test("the route table names every route of the app", async () => {
  const built = JSON.parse(await readFile("web/dist/routes.json", "utf8")) as string[];
  const tested = ROUTES.map((r) =>
    typeof r.path === "string" ? r.path : r.path({ disease: "x", pmid: "1" }),
  );
  const pathOf = (address: string) => new URL(address, "http://x").pathname;
  // A record page's route (/gene/:symbol) is tested at one record's address.
  const matches = (route: string, path: string) =>
    new RegExp(`^${route.replace(/:[^/]+/g, "[^/]+")}$`).test(decodeURIComponent(path));
  expect(built.filter((route) => !tested.some((address) => matches(route, pathOf(address))))).toEqual([]);
});

for (const viewport of VIEWPORTS) {
  test.describe(`every route at ${viewport.width}px`, () => {
    test.use({ viewport });

    for (const route of ROUTES) {
      routeTest(
        `${route.name}: title, main h1, no errors, no axe violations, its screenshot`,
        async ({ routePage: page }) => {
          const errors = collectErrors(page);
          // Every 404 the page met: only the unknown path's own document may be one.
          const missing: string[] = [];
          page.on("response", (r) => {
            if (r.status() === 404) missing.push(new URL(r.url()).pathname);
          });
          const target = typeof route.path === "string" ? route.path : route.path(await routeData(page));

          await route.prepare?.(page);
          await page.goto(target);
          const main = page.locator("main");
          await expect(main).toBeVisible();
          await expect(main.locator("h1").first()).toBeVisible();
          await expect(page).toHaveTitle(route.title);
          if (route.title === NOT_FOUND) await expect(main.locator("h1").first()).toHaveText(NOT_FOUND);
          const hydration = await page.evaluate(() => {
            const server = (window as unknown as { serverRendered: Element | null }).serverRendered;
            return {
              serverRendered: server !== null,
              kept: server === document.getElementById("root")?.firstElementChild,
            };
          });
          expect(hydration, `${target} server-rendered and hydrated`).toEqual(
            route.clientOnly ? { serverRendered: false, kept: false } : { serverRendered: true, kept: true },
          );
          await page.waitForLoadState("networkidle");
          if (route.name === "GraphQL explorer") await new ExplorerPage(page).waitForEditors();

          await expectNoAxeViolations(page, `${target} at ${viewport.width}px`);
          await expectScreenshot(page, route.shot);
          if (route.title === NOT_FOUND) {
            // The browser logs the document's own 404 status; nothing else may be missing.
            expect(missing).toEqual([target]);
            const own =
              "console: Failed to load resource: the server responded with a status of 404 (Not Found)";
            expect(
              errors.filter((e) => e !== own),
              `errors on ${target}`,
            ).toEqual([]);
          } else {
            expect(missing, `404s on ${target}`).toEqual([]);
            expect(errors, `errors on ${target}`).toEqual([]);
          }
        },
      );
    }
  });

  test.describe(`the states users open most, at ${viewport.width}px`, () => {
    test.use({ viewport });

    // One page per card, each tab opened on it in turn (a step each, named in a failure), as a reader
    // moves through a card's tabs; the page is loaded once, not once per tab.
    routeTest("a gene card (DLG4) with each of its tabs open in turn", async ({ routePage: page }) => {
      // An axe scan of a long tab takes seconds on a busy machine.
      test.setTimeout(60_000 + GENE_TAB_KEYS.length * 30_000);
      const errors = collectErrors(page);
      const gs = new GeneSearchPage(page);
      await gs.goto("DLG4");
      const card = await gs.expand("DLG4");
      for (const tab of GENE_TAB_KEYS) {
        await test.step(`the ${tab} tab`, async () => {
          await card.getByTestId(`tab-${tab}`).click();
          await expect(card.getByTestId(`tab-${tab}`)).toHaveAttribute("aria-selected", "true");
          await expectSettled(page, card.getByTestId(`panel-${tab}`));
          await expectNoAxeViolations(page, `DLG4's ${tab} tab at ${viewport.width}px`);
        });
      }
      expect(errors).toEqual([]);
    });

    routeTest(
      'a disease card (the first for "epilepsy") with each of its tabs open in turn',
      async ({ routePage: page }) => {
        test.setTimeout(60_000 + DISEASE_TABS.length * 30_000);
        const errors = collectErrors(page);
        const ds = DetailSearchPage.disease(page);
        await ds.goto("q=epilepsy");
        const first = ds.cards.first();
        await expect(first).toBeVisible();
        const card = await ds.expand((await first.getAttribute("data-hdoid"))!);
        for (const tab of DISEASE_TABS) {
          await test.step(`the ${tab} tab`, async () => {
            await expectSettled(page, await ds.openTab(card, tab));
            await expectNoAxeViolations(page, `an epilepsy card's ${tab} tab at ${viewport.width}px`);
          });
        }
        expect(errors).toEqual([]);
      },
    );

    routeTest("the compare results of the example", async ({ routePage: page }) => {
      test.setTimeout(120_000);
      const errors = collectErrors(page);
      await page.goto("/compare");
      await page.getByTestId("compare-example").click();
      await expect(page.getByTestId("venn-diagram")).toBeVisible();
      await expect(page.getByTestId("upset-plot")).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expectNoAxeViolations(page, `the compare results at ${viewport.width}px`);
      expect(errors).toEqual([]);
    });

    routeTest(
      "the explorer after Run, then with its documentation and a second tab open",
      async ({ routePage: page }) => {
        // Four axe scans of a page full of Monaco's markup.
        test.setTimeout(150_000);
        const errors = collectErrors(page);
        const explorer = new ExplorerPage(page);
        await explorer.goto();
        await explorer.runButton.click();
        await expect.poll(() => explorer.compactResult()).toMatch(/^\{"data":/);
        await expectNoAxeViolations(page, `the explorer with a result at ${viewport.width}px`);
        // The documentation: the root types, then the fields of Query (names and types as links in text).
        await explorer.openDocs();
        await expect(explorer.docs).toContainText("Root Types");
        await expectNoAxeViolations(page, `the explorer's documentation at ${viewport.width}px`);
        await explorer.docs.getByRole("link", { name: "Query" }).first().click();
        await expect(explorer.docs).toContainText("geneSearch");
        await expectNoAxeViolations(page, `the documentation of Query at ${viewport.width}px`);
        // Two session tabs, each with its close button.
        await page.locator(".graphiql-tab-add").click();
        await expect(page.locator(".graphiql-tab")).toHaveCount(2);
        await expectNoAxeViolations(page, `the explorer with two tabs at ${viewport.width}px`);
        expect(errors).toEqual([]);
      },
    );
  });
}
