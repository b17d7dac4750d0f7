import { readFile } from "node:fs/promises";
import type { Page, Request } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { type CatalogEnvelope, type CatalogKey, CatalogPage } from "./support/catalog.page";
import { sentOperation } from "./support/graphql-request";
import { expect, test } from "./support/shared-page";
import { reviewShot } from "./support/visual";

interface CatalogCase {
  key: CatalogKey;
  title: string;
  operation: string;
  /** First column: its data-col and the REST field it shows. */
  idCol: string;
  idField: string;
  defaultSort: { key: string; aria: "ascending" | "descending" };
  /** Another sortable column, and the REST field compared. */
  otherSort: string;
  searchTerm: (first: CatalogEnvelope) => string;
  link: (row: Record<string, unknown>) => string;
  highlighted: boolean;
}

const CASES: CatalogCase[] = [
  {
    key: "gene",
    title: "Synapse Proteome Catalog",
    operation: "GeneCatalog",
    idCol: "id",
    idField: "id",
    defaultSort: { key: "ID", aria: "ascending" },
    otherSort: "HumanName",
    searchTerm: () => "SYN",
    link: (row) => `/gene/${encodeURIComponent(String(row.humanName))}`,
    highlighted: false,
  },
  {
    key: "disease",
    title: "Diseases Catalog",
    operation: "DiseaseCatalog",
    idCol: "hdoid",
    idField: "hdoid",
    defaultSort: { key: "HDOID", aria: "ascending" },
    otherSort: "Description",
    searchTerm: () => "epilepsy",
    link: (row) => `/disease/${String(row.hdoid)}`,
    highlighted: true,
  },
  {
    key: "paper",
    title: "Publications Catalog",
    operation: "PaperCatalog",
    idCol: "pmid",
    idField: "pmid",
    defaultSort: { key: "Year", aria: "descending" },
    otherSort: "PMID",
    // The newest year (the first row of the default sort).
    searchTerm: (first) => String(first.data[0]!.year),
    link: (row) => `/study/${row.pmid}`,
    highlighted: true,
  },
];

/** Search variables of the catalog's GraphQL requests, in order. */
function recordSearches(requests: Request[], operation: string): string[] {
  return requests
    .map(sentOperation)
    .filter((body) => body?.operationName === operation)
    .map((body) => String(body!.variables?.search ?? ""));
}

/** The console errors the page logs from now on. */
function collectConsoleErrors(page: Page): string[] {
  const consoleErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(`${m.text()} ${m.location().url}`);
  });
  return consoleErrors;
}

/** The table scrolls inside its frame; the page itself does not overflow. Then its review screenshot. */
async function expectNoOverflowAndReviewShot(page: Page, key: CatalogKey): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await reviewShot(page, `${key}-table-${page.viewportSize()!.width}`, { fullPage: true });
}

for (const c of CASES) {
  test.describe(c.title, () => {
    test("opens with the default sort, the API's rows, summary and paging text; pages with first/previous/next/last, disabled at the bounds", async ({
      sharedPage: page,
    }) => {
      // At 1366 px, where the screenshot check of the catalogs below is made at 390 px.
      await page.setViewportSize({ width: 1366, height: 900 });
      const consoleErrors = collectConsoleErrors(page);
      const catalog = new CatalogPage(page, c.key);
      await catalog.goto();
      await expectNoOverflowAndReviewShot(page, c.key);
      expect(consoleErrors).toEqual([]);
      await expect(page).toHaveTitle(c.title);
      await expect(page.getByRole("heading", { level: 1, name: c.title })).toBeVisible();
      // A built screen, not the placeholder of a screen still to come.
      await expect(page.getByTestId("catalog-table")).toBeVisible();
      await expect(page.getByText("This screen is not available yet in this release.")).toHaveCount(0);
      const body = await catalog.expectIds(c.idCol, c.idField, "");
      await expect(catalog.rows).toHaveCount(20);
      await expect(catalog.sortHeader(c.defaultSort.key)).toHaveAttribute("aria-sort", c.defaultSort.aria);
      await expect(catalog.sortHeader(c.otherSort)).toHaveAttribute("aria-sort", "none");
      const { total, totalPages } = body.pagination;
      await expect(catalog.range).toHaveText(`Showing 1-20 of ${total.toLocaleString("en-US")} results`);
      await expect(catalog.pageText).toHaveText(`Page 1 of ${totalPages.toLocaleString("en-US")}`);
      // The summary strip shows the API's consensus summary.
      const summary = catalog.root.getByTestId("consensus-summary");
      if (c.key === "gene") {
        await expect(summary.getByTestId("summary-total-in-result")).toHaveText(
          body.consensus.totalInResult!.toLocaleString("en-US"),
        );
        await expect(summary.getByTestId("summary-total-in-database")).toHaveText(
          body.consensus.totalInDatabase!.toLocaleString("en-US"),
        );
      } else {
        await expect(summary.getByTestId("summary-total-genes")).toHaveText(
          body.consensus.totalGenes!.toLocaleString("en-US"),
        );
        await expect(summary.getByTestId("summary-total-consensus-genes")).toHaveText(
          body.consensus.totalConsensusGenes!.toLocaleString("en-US"),
        );
      }
      // Each row links to its record's own page.
      await expect(catalog.rows.first().locator(`td a`).first()).toHaveAttribute(
        "href",
        c.link(body.data[0]!),
      );
      // Each table has its API button with the REST URL of the view.
      await catalog.root.getByTestId("catalog-api").click();
      await expect(page.getByTestId("catalog-api-rest-url")).toContainText(
        `/api/${c.key}/table?page=1&pageSize=20`,
      );
      await expect(page.getByTestId("catalog-api-query")).toContainText(`${c.key}Table(`);
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("catalog-api-dialog")).toBeHidden();

      // Paging from the first page: first/previous/next/last, disabled at the bounds.
      expect(totalPages).toBeGreaterThan(2);
      await expect(catalog.button("first")).toBeDisabled();
      await expect(catalog.button("previous")).toBeDisabled();
      await catalog.button("next").click();
      await expect(catalog.pageText).toHaveText(`Page 2 of ${totalPages.toLocaleString("en-US")}`);
      await expect(catalog.range).toHaveText(`Showing 21-40 of ${total.toLocaleString("en-US")} results`);
      await catalog.expectIds(c.idCol, c.idField, "page=2");
      await catalog.waitLoaded();
      await catalog.button("last").click();
      await expect(catalog.pageText).toHaveText(
        `Page ${totalPages.toLocaleString("en-US")} of ${totalPages.toLocaleString("en-US")}`,
      );
      await expect(catalog.range).toHaveText(
        `Showing ${((totalPages - 1) * 20 + 1).toLocaleString("en-US")}-${total.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} results`,
      );
      await catalog.waitLoaded();
      await expect(catalog.button("next")).toBeDisabled();
      await expect(catalog.button("last")).toBeDisabled();
      await expect(catalog.rows).toHaveCount(total - (totalPages - 1) * 20);
      await catalog.button("previous").click();
      await expect(catalog.pageText).toHaveText(
        new RegExp(`^Page ${(totalPages - 1).toLocaleString("en-US")} of`),
      );
      await catalog.waitLoaded();
      await catalog.button("first").click();
      await expect(catalog.pageText).toHaveText(/^Page 1 of/);
      // A page size from the list; back to page 1.
      await catalog.root.getByTestId("page-size").selectOption("50");
      await expect(catalog.rows).toHaveCount(50);
      await expect(catalog.range).toHaveText(`Showing 1-50 of ${total.toLocaleString("en-US")} results`);
      // A linked page beyond the last shows the last page.
      await catalog.goto("page=99999");
      await expect(catalog.pageText).toHaveText(
        `Page ${totalPages.toLocaleString("en-US")} of ${totalPages.toLocaleString("en-US")}`,
      );
    });

    test("sorts by a header: ascending first, then toggles", async ({ sharedPage: page }) => {
      const catalog = new CatalogPage(page, c.key);
      await catalog.goto("page=2");
      await catalog.root.getByTestId(`sort-${c.otherSort}`).click();
      await expect(catalog.sortHeader(c.otherSort)).toHaveAttribute("aria-sort", "ascending");
      await expect(catalog.sortHeader(c.defaultSort.key)).toHaveAttribute("aria-sort", "none");
      await expect(page).toHaveURL(new RegExp(`sort=${c.otherSort}&dir=asc`));
      await expect(page).not.toHaveURL(/page=2/);
      await catalog.expectIds(c.idCol, c.idField, `sortBy=${c.otherSort}&sortDir=asc`);
      await catalog.waitLoaded();
      await catalog.root.getByTestId(`sort-${c.otherSort}`).click();
      await expect(catalog.sortHeader(c.otherSort)).toHaveAttribute("aria-sort", "descending");
      await catalog.expectIds(c.idCol, c.idField, `sortBy=${c.otherSort}&sortDir=desc`);
      // The default column, clicked while another is active, sorts ascending.
      await catalog.waitLoaded();
      await catalog.root.getByTestId(`sort-${c.defaultSort.key}`).click();
      await expect(catalog.sortHeader(c.defaultSort.key)).toHaveAttribute("aria-sort", "ascending");
      await catalog.expectIds(c.idCol, c.idField, `sortBy=${c.defaultSort.key}&sortDir=asc`);
    });

    test("applies the search text once typing stops, narrowing the rows", async ({ sharedPage: page }) => {
      const catalog = new CatalogPage(page, c.key);
      const requests: Request[] = [];
      page.on("request", (r) => {
        if (sentOperation(r)) requests.push(r);
      });
      await catalog.goto("page=3");
      const all = await catalog.api("");
      const term = c.searchTerm(all);
      await catalog.searchInput.pressSequentially(term, { delay: 40 });
      await expect(page).toHaveURL(new RegExp(`search=${term}`));
      await expect(page).not.toHaveURL(/page=3/);
      const body = await catalog.expectIds(c.idCol, c.idField, `search=${encodeURIComponent(term)}`);
      expect(body.pagination.total).toBeLessThan(all.pagination.total);
      await expect(catalog.range).toHaveText(
        new RegExp(`of ${body.pagination.total.toLocaleString("en-US")} results$`),
      );
      // Debounced: no request was made for a partly typed term.
      const searches = recordSearches(requests, c.operation);
      expect(searches.filter((s) => s !== "" && s !== term)).toEqual([]);
      expect(searches).toContain(term);
      // No match: the empty text, and nothing to export.
      await catalog.searchInput.fill("zzzqqxnomatch");
      await expect(catalog.root.getByTestId("catalog-empty")).toHaveText(`No ${c.key} records found`);
      await expect(catalog.root.getByTestId("catalog-export")).toBeDisabled();
    });

    test("filters to consensus rows only", async ({ sharedPage: page }) => {
      const catalog = new CatalogPage(page, c.key);
      await catalog.goto("page=2");
      const all = await catalog.api("");
      await catalog.root.getByTestId("consensus-only").check();
      await expect(page).toHaveURL(/consensusOnly=true/);
      await expect(page).not.toHaveURL(/page=2/);
      const body = await catalog.expectIds(c.idCol, c.idField, "consensusOnly=true");
      expect(body.pagination.total).toBeLessThan(all.pagination.total);
      await expect(catalog.range).toHaveText(
        new RegExp(`of ${body.pagination.total.toLocaleString("en-US")} results$`),
      );
      if (c.key === "gene") {
        expect(new Set(await catalog.column("isConsensus"))).toEqual(new Set(["Yes"]));
      }
    });

    test("exports exactly the loaded page as the server's CSV", async ({ sharedPage: page }) => {
      const catalog = new CatalogPage(page, c.key);
      await catalog.goto(`page=2&pageSize=10&sort=${c.otherSort}&dir=desc`);
      const shown = (await catalog.column(c.idCol)).map((t) => t.trim());
      expect(shown).toHaveLength(10);
      const downloadPromise = page.waitForEvent("download");
      await catalog.root.getByTestId("catalog-export").click();
      const download = await downloadPromise;
      expect(download.suggestedFilename()).toMatch(new RegExp(`^${c.key}_table_all_page2_v[\\w.-]+\\.csv$`));
      const path = await download.path();
      const records = parse(await readFile(path), { relax_column_count: false }) as string[][];
      const [header, ...rows] = records;
      // The header row is the server's (the full catalog export has the same columns).
      const full = await page.request.get(`/api/${c.key}/csv?search=zzzqqxnomatch`);
      const fullHeader = (parse(await full.text()) as string[][])[0];
      expect(header).toEqual(fullHeader);
      expect(rows).toHaveLength(shown.length);
      const idIndex = header!.findIndex((h) => ["Gene ID", "HDOID", "PMID"].includes(h));
      expect(rows.map((r) => r[idIndex])).toEqual(shown);
      await expect(catalog.root.getByTestId("catalog-export")).toHaveAttribute("data-status", "success");
    });

    test("restores the view from a link and after a reload", async ({ sharedPage: page }) => {
      const catalog = new CatalogPage(page, c.key);
      const all = await catalog.api("");
      const term = c.searchTerm(all);
      const filters = `search=${encodeURIComponent(term)}&sortBy=${c.otherSort}&sortDir=desc&pageSize=10`;
      // The last page of the filtered view (page 2 or later wherever the result allows).
      const last = (await catalog.api(filters)).pagination.totalPages;
      const body = await catalog.api(`${filters}&page=${last}`);
      expect(body.data.length).toBeGreaterThan(0);
      const query = `search=${encodeURIComponent(term)}&sort=${c.otherSort}&dir=desc&pageSize=10&page=${last}`;
      await catalog.goto(query);
      for (let round = 0; round < 2; round++) {
        await expect(catalog.searchInput).toHaveValue(term);
        await expect(catalog.sortHeader(c.otherSort)).toHaveAttribute("aria-sort", "descending");
        await expect(catalog.root.getByTestId("page-size")).toHaveValue("10");
        await expect(catalog.pageText).toHaveText(new RegExp(`^Page ${last} of ${last}$`));
        await expect
          .poll(async () => (await catalog.column(c.idCol)).map((t) => t.trim()))
          .toEqual(body.data.map((r) => String(r[c.idField])));
        await page.reload();
        await catalog.waitLoaded();
      }
    });

    if (c.highlighted) {
      test("highlights rows above 50% consensus green, others yellow, with the percentage", async ({
        sharedPage: page,
      }) => {
        const catalog = new CatalogPage(page, c.key);
        // The API page holding the most-consensus row and at least one other.
        let found: { page: number; body: CatalogEnvelope } | null = null;
        for (let p = 1; !found; p++) {
          const body = await catalog.api(`pageSize=100&page=${p}`);
          const levels = new Set(body.data.map((r) => Number(r.consensusPercentage) > 50));
          if (levels.size === 2) found = { page: p, body };
          if (p >= body.pagination.totalPages) break;
        }
        expect(found, "a page with both highlight levels").not.toBeNull();
        await catalog.goto(`pageSize=100&page=${found!.page}`);
        const expected = found!.body.data.map((r) => (Number(r.consensusPercentage) > 50 ? "high" : "low"));
        await expect
          .poll(async () => catalog.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-level"))))
          .toEqual(expected);
        const high = catalog.rows.and(page.locator('[data-level="high"]')).first();
        const low = catalog.rows.and(page.locator('[data-level="low"]')).first();
        await expect(high).toHaveCSS("background-color", "rgb(230, 244, 234)");
        await expect(low).toHaveCSS("background-color", "rgb(255, 248, 220)");
        const row = found!.body.data[expected.indexOf("high")]!;
        await expect(high.getByTestId("consensus-pct")).toHaveText(
          new RegExp(`${Math.round(Number(row.consensusPercentage) * 10) / 10}%$`),
        );
      });
    }
  });
}

test.describe("Synapse Proteome Catalog: found in at least N studies", () => {
  test("keeps genes reported in at least N studies", async ({ sharedPage: page }) => {
    const catalog = new CatalogPage(page, "gene");
    await catalog.goto();
    const all = await catalog.api("");
    await catalog.root.getByTestId("min-studies").fill("10");
    await expect(page).toHaveURL(/minStudies=10/);
    const body = await catalog.expectIds("id", "id", "minStudies=10");
    expect(body.pagination.total).toBeLessThan(all.pagination.total);
    const papers = (await catalog.column("paperCount")).map((t) => Number(t.replace(/,/g, "")));
    expect(Math.min(...papers)).toBeGreaterThanOrEqual(10);
    await expect(catalog.range).toHaveText(
      new RegExp(`of ${body.pagination.total.toLocaleString("en-US")} results$`),
    );
  });
});

// At 1366 px the same checks open each catalog's first test above.
test.describe("catalog screenshots", () => {
  test("at 390px", async ({ sharedPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const consoleErrors = collectConsoleErrors(page);
    for (const c of CASES) {
      const catalog = new CatalogPage(page, c.key);
      await catalog.goto();
      await expectNoOverflowAndReviewShot(page, c.key);
    }
    expect(consoleErrors).toEqual([]);
  });
});
