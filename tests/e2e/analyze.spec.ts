import { readFile } from "node:fs/promises";
import { type Page } from "@playwright/test";
import { expect, test } from "./support/shared-page";
import { reviewShot } from "./support/visual";

interface Analysis {
  inputCount: number;
  mapped: unknown[];
  ambiguous: unknown[];
  unmapped: string[];
  genes: { symbol: string }[];
  enrichment: { termName: string; overlap: number; fdr: number }[];
}

const BOGUS = ["NOT_A_GENE_1", "NOT_A_GENE_2"];

/** ~200 synaptic (consensus) genes from the API, plus two identifiers no gene has. */
async function synapticList(page: Page): Promise<string[]> {
  const response = await page.request.post("/graphql", {
    data: { query: "{ consensusGeneEntrezIds }" },
  });
  const ids = ((await response.json()) as { data: { consensusGeneEntrezIds: string[] } }).data
    .consensusGeneEntrezIds;
  expect(ids.length).toBeGreaterThanOrEqual(200);
  return [...ids.slice(0, 200), ...BOGUS];
}

async function expected(page: Page, list: string[]): Promise<Analysis> {
  const response = await page.request.post("/api/analyze", { data: { identifiers: list } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Analysis }).data;
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test.describe("Gene-list analysis", () => {
  test("maps a pasted list, shows the enrichment table and chart, sorts, downloads and reloads from the permalink", async ({
    sharedPage: page,
  }) => {
    const errors = collectErrors(page);
    const list = await synapticList(page);
    const api = await expected(page, list);

    await page.goto("/analyze");
    await expect(page.getByRole("heading", { level: 1, name: "Gene-list analysis" })).toBeVisible();
    await page.getByLabel("Gene identifiers").fill(list.join("\n"));
    await expect(page.getByTestId("analyze-count")).toHaveText(`${list.length} / 5,000 identifiers`);
    await page.getByTestId("analyze-submit").click();

    await expect(page).toHaveURL(/\/analyze#list=[A-Za-z0-9_-]+&bg=dataset$/);
    await expect(page.getByTestId("mapped-count")).toHaveText(String(api.mapped.length));
    await expect(page.getByTestId("unmapped-count")).toHaveText(String(api.unmapped.length));
    await expect(page.getByTestId("ambiguous-count")).toHaveText(String(api.ambiguous.length));
    for (const bogus of BOGUS) await expect(page.getByTestId("unmapped-list")).toContainText(bogus);

    const rows = page.getByTestId("enrichment-row");
    await expect(rows).toHaveCount(Math.min(25, api.enrichment.length));
    await expect(page.getByTestId("enrichment-count")).toHaveText(
      `${api.enrichment.length.toLocaleString("en-US")} terms`,
    );
    await expect(rows.first()).toContainText(api.enrichment[0]!.termName);
    // The chart draws one bar per top term (up to 15).
    await expect(page.getByTestId("enrichment-chart-canvas").locator("svg rect[fill]").first()).toBeVisible();
    expect(
      await page.getByTestId("enrichment-chart-canvas").locator("svg g rect").count(),
    ).toBeGreaterThanOrEqual(Math.min(15, api.enrichment.length));
    await expect(page.getByTestId("genes-table").getByTestId("gene-row")).toHaveCount(
      Math.min(25, api.genes.length),
    );

    // Sort by overlap: descending first, then ascending.
    const overlaps = api.enrichment.map((t) => t.overlap);
    await page.getByTestId("sort-overlap").click();
    await expect(rows.first().getByTestId("cell-overlap")).toHaveText(String(Math.max(...overlaps)));
    await page.getByTestId("sort-overlap").click();
    await expect(rows.first().getByTestId("cell-overlap")).toHaveText(String(Math.min(...overlaps)));
    await expect(page.locator('th[aria-sort="ascending"]')).toContainText("Overlap");

    // CSV download: named by the server, one line per term plus the header.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("download-enrichment").click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^gene_list_enrichment_dataset_v[\w.-]+\.csv$/);
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv.trim().split("\n").length).toBeGreaterThanOrEqual(api.enrichment.length + 1);

    // The permalink alone reproduces the analysis.
    const url = page.url();
    const firstTerms = await rows.locator("td:first-child .enrichment-term").allTextContents();
    await page.goto("about:blank");
    await page.goto(url);
    await expect(page.getByTestId("mapped-count")).toHaveText(String(api.mapped.length));
    await expect(page.getByLabel("Gene identifiers")).toHaveValue(list.join("\n"));
    await expect(rows.first()).toContainText(api.enrichment[0]!.termName);
    expect(await rows.locator("td:first-child .enrichment-term").allTextContents()).not.toEqual([]);
    await page.getByTestId("sort-overlap").click();
    await page.getByTestId("sort-overlap").click();
    expect(await rows.locator("td:first-child .enrichment-term").allTextContents()).toEqual(firstTerms);
    expect(errors).toEqual([]);
  });

  test("refuses more than 5,000 identifiers before sending them", async ({ sharedPage: page }) => {
    await page.goto("/analyze");
    const many = Array.from({ length: 5001 }, (_, i) => `G${i}`).join("\n");
    await page.getByTestId("analyze-file").setInputFiles({
      name: "too-many.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(many),
    });
    await expect(page.getByTestId("analyze-count")).toHaveText("5,001 / 5,000 identifiers");
    await page.getByTestId("analyze-submit").click();
    await expect(page.getByTestId("analyze-form-error")).toContainText("at most 5,000");
    await expect(page).toHaveURL(/\/analyze$/);
  });

  test("reads an uploaded .txt file and uses a pasted background", async ({ sharedPage: page }) => {
    const list = (await synapticList(page)).slice(0, 40);
    await page.goto("/analyze");
    await page.getByTestId("analyze-file").setInputFiles({
      name: "genes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from(list.join(",")),
    });
    await expect(page.getByTestId("analyze-count")).toHaveText(`${list.length} / 5,000 identifiers`);
    await page.getByLabel("A pasted background list").check();
    await page
      .getByTestId("analyze-background-list")
      .fill((await synapticList(page)).slice(0, 150).join("\n"));
    await page.getByTestId("analyze-submit").click();
    await expect(page).toHaveURL(/bg=custom&bglist=/);
    const api = await (
      await page.request.post("/api/analyze", {
        data: {
          identifiers: list,
          background: "custom",
          backgroundIdentifiers: (await synapticList(page)).slice(0, 150),
        },
      })
    ).json();
    await expect(page.getByTestId("analyze-summary")).toContainText(
      `${api.data.background.listInBackground} of ${api.data.background.size} background genes`,
    );
  });

  for (const width of [1366, 390]) {
    test(`screenshot of the results at ${width}px`, async ({ sharedPage: page }) => {
      await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
      const list = await synapticList(page);
      await page.goto("/analyze");
      await page.getByLabel("Gene identifiers").fill(list.join("\n"));
      await page.getByTestId("analyze-submit").click();
      await expect(page.getByTestId("enrichment-row").first()).toBeVisible();
      await expect(page.getByTestId("analyze-network").getByTestId("network-summary")).toBeVisible();
      await reviewShot(page, `analyze-${width}`, { fullPage: true });
      // Closer views for review.
      await reviewShot(page, `analyze-top-${width}`);
      await reviewShot(page.getByTestId("enrichment-chart"), `analyze-chart-${width}`);
      await reviewShot(page.getByTestId("enrichment-table"), `analyze-table-${width}`);
      await reviewShot(page.getByTestId("analyze-network"), `analyze-network-${width}`);
    });
  }
});
