import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";

/**
 * Every route of both specs: its document title, a visible <main> with an h1, no console or page
 * errors, and no serious or critical WCAG 2 A/AA violation (axe-core). A route the gateway sends
 * server-rendered is hydrated: the app takes over the server's elements instead of replacing them.
 *
 * One table holds the expected titles. Routes that need real data (a disease name, a PMID) take it
 * from the API at run time.
 */
const PRODUCT = "SynaptopathyDB";
const NOT_FOUND = "Page Not Found";

interface RouteCase {
  name: string;
  /** A path, or a function of the data read from the API. */
  path: string | ((data: RouteData) => string);
  title: string | RegExp;
  /**
   * Third-party widgets left out of the axe scan (their markup is not ours); listed in the report.
   * GraphiQL's documentation pane and logo use colours below 4.5:1 and its tabs nest their close buttons.
   */
  axeExclude?: string[];
  /** Sent as the empty app shell and rendered by the browser alone (no server rendering to hydrate). */
  clientOnly?: true;
}

interface RouteData {
  disease: string;
  pmid: string;
}

const ROUTES: RouteCase[] = [
  { name: "home", path: "/", title: `${PRODUCT} - A Comprehensive Resource for Synaptopathy Research` },
  { name: "gene search", path: "/gene-search?q=DLG4", title: "Gene Search" },
  {
    name: "disease search",
    path: (d) => `/disease-search?q=${encodeURIComponent(d.disease)}`,
    title: "Disease Search",
  },
  {
    name: "publication search",
    path: (d) => `/paper-search?q=${d.pmid}`,
    title: "Synapse Proteomic Publication Search",
  },
  { name: "gene catalog", path: "/gene-table", title: "Synapse Proteome Catalog" },
  { name: "disease catalog", path: "/disease-table", title: "Diseases Catalog" },
  { name: "publication catalog", path: "/paper-table", title: "Publications Catalog" },
  { name: "synaptopathy history", path: "/synaptopathy-history", title: "Synaptopathy History" },
  {
    name: "brain regions",
    path: "/brain-region-protein-distribution",
    title: "Brain Region Protein Distribution",
  },
  {
    name: "disease classifications",
    path: "/disease-classifications",
    title: "International Classification of Diseases",
  },
  { name: "compartments", path: "/synaptic-compartments", title: "Synapse Compartments" },
  { name: "synapse localization", path: "/synapse-localization", title: "Synapse Compartments" },
  { name: "FAQ", path: "/faq", title: /^(FAQ|Frequently Asked Questions)/ },
  { name: "API documentation", path: "/documentation", title: "API Documentation" },
  {
    name: "GraphQL explorer",
    path: "/explorer",
    title: "GraphQL Explorer",
    axeExclude: [".graphiql-doc-explorer", ".graphiql-tabs", ".graphiql-logo"],
    clientOnly: true,
  },
  { name: "ER diagram", path: "/SynapticERDiagram", title: "Synaptic Proteomic Database - ER Diagram" },
  { name: "publication", path: "/publication", title: "Publication and Database Information" },
  { name: "about", path: "/about", title: `About ${PRODUCT}` },
  { name: "cookies policy", path: "/cookies-policy", title: "Cookies Policy" },
  { name: "API usage dashboard", path: "/api-counter-dashboard", title: "API Usage Dashboard" },
  { name: "data", path: "/data", title: "Data & provenance" },
  { name: "analyze", path: "/analyze", title: /Analy[sz]/i },
  {
    name: "compare",
    path: "/compare?set=disease%3ADOID%3A0060041&set=compartment%3APresynaptic",
    title: /Compare Gene Sets/,
  },
  // Answered 404 with the Not Found screen rendered for its address (tests/api/http.test.ts checks the status).
  { name: "unknown path", path: "/no-such-page-here", title: NOT_FOUND },
];

let data: RouteData | null = null;

async function routeData(page: Page): Promise<RouteData> {
  if (data) return data;
  const diseases = await (await page.request.get("/api/disease/table?page=1&pageSize=1")).json();
  const papers = await (await page.request.get("/api/paper/table?page=1&pageSize=1")).json();
  const disease = String(diseases.data?.[0]?.description ?? "");
  const pmid = String(papers.data?.[0]?.pmid ?? "");
  expect(disease, "a disease from the API").not.toBe("");
  expect(pmid, "a PMID from the API").toMatch(/^\d+$/);
  data = { disease, pmid };
  return data;
}

test.describe("every route", () => {
  test.beforeEach(async ({ page }) => {
    // The cookie dialog on '/' would cover the page: accept it before any script runs.
    await page.addInitScript(() => {
      window.localStorage.setItem("cookiesAccepted", "true");
      // The server's first element in #root, before the app's code runs (null for the empty shell).
      document.addEventListener("DOMContentLoaded", () => {
        Object.assign(window, { serverRendered: document.getElementById("root")?.firstElementChild ?? null });
      });
    });
  });

  for (const route of ROUTES) {
    test(`${route.name}: title, main h1, no errors, no serious axe violations`, async ({ page }) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(`console: ${m.text()}`);
      });
      page.on("pageerror", (e) => errors.push(`page: ${e.message}`));
      // Every 404 the page met: only the unknown path's own document may be one.
      const missing: string[] = [];
      page.on("response", (r) => {
        if (r.status() === 404) missing.push(new URL(r.url()).pathname);
      });
      const target = typeof route.path === "string" ? route.path : route.path(await routeData(page));

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

      let axe = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]);
      for (const selector of route.axeExclude ?? []) axe = axe.exclude(selector);
      const results = await axe.analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      const report = serious
        .map(
          (v) =>
            `${v.impact} ${v.id}: ${v.help}\n${v.nodes
              .slice(0, 5)
              .map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.split("\n").join(" ")}`)
              .join("\n")}`,
        )
        .join("\n");
      expect(report, `serious or critical axe violations on ${target}`).toBe("");
      if (route.title === NOT_FOUND) {
        // The browser logs the document's own 404 status; nothing else may be missing.
        expect(missing).toEqual([target]);
        const own = "console: Failed to load resource: the server responded with a status of 404 (Not Found)";
        expect(
          errors.filter((e) => e !== own),
          `errors on ${target}`,
        ).toEqual([]);
      } else {
        expect(missing, `404s on ${target}`).toEqual([]);
        expect(errors, `errors on ${target}`).toEqual([]);
      }
    });
  }
});
