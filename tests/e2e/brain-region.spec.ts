import { type APIRequestContext, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/shared-page";
import { reviewShot } from "./support/visual";

/** The brain-region screen against the REST answer of the same gateway (spec 2 §2.3). */

interface ApiCompartment {
  name: string;
  protein_count: number;
  paper_count: number;
  top_proteins: { id: number; name: string; paper_count: number }[];
  species_distribution: { species_name: string; protein_count: number }[];
}
interface ApiRegion {
  region_id: number;
  name: string;
  interlex_id: string | null;
  distinct_protein_count: number;
  paper_count: number;
  compartments: ApiCompartment[];
}
interface ApiDistribution {
  success: boolean;
  consensus_gene_count: number;
  total_proteins_mapped: number;
  compartments: string[];
  data: ApiRegion[];
}

const PATH = "/brain-region-protein-distribution";
/** Rows a page of the side panel's protein table. */
const PAGE_SIZE = 50;

async function distribution(request: APIRequestContext): Promise<ApiDistribution> {
  const response = await request.get("/api/proteins/brain-regions?top_limit=10");
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as ApiDistribution;
  expect(body.success).toBe(true);
  expect(body.data.length).toBeGreaterThan(1);
  return body;
}

function byName(regions: ApiRegion[]): ApiRegion[] {
  return [...regions].sort(
    (a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.region_id - b.region_id,
  );
}

const fmt = (n: number) => n.toLocaleString("en-US");
const label = (name: string) => (name === "Synaptic_Vesicle" ? "Synaptic Vesicle" : name.replace(/_/g, " "));

function cell(page: Page, regionId: number, compartment: string) {
  return page.locator(
    `[data-testid="heatmap-cell"][data-region-id="${regionId}"][data-compartment="${compartment}"]`,
  );
}

function rowButton(page: Page, regionId: number) {
  return page.locator(`[data-testid="heatmap-row"][data-region-id="${regionId}"]`);
}

function columnButton(page: Page, compartment: string) {
  return page.locator(`[data-testid="heatmap-column"][data-compartment="${compartment}"]`);
}

/** The side panel shows the region's figures as the API gives them. */
async function expectRegionPanel(page: Page, region: ApiRegion) {
  const panel = page.getByTestId("region-panel");
  await expect(panel.getByTestId("region-name")).toHaveText(region.name);
  await expect(panel.getByTestId("region-proteins")).toHaveText(fmt(region.distinct_protein_count));
  await expect(panel.getByTestId("region-papers")).toHaveText(fmt(region.paper_count));
  if (region.interlex_id) {
    await expect(panel.getByTestId("region-interlex").getByRole("link")).toContainText(region.interlex_id);
  } else {
    await expect(panel.getByTestId("region-interlex")).toHaveText("None");
  }
  await expect(panel.getByTestId("compartment-button")).toHaveText(
    region.compartments.map((c) => new RegExp(`^${label(c.name)}\\s*${fmt(c.protein_count)}$`)),
  );
}

/** The chosen compartment's figures, top proteins and table as the API gives them. */
async function expectCompartmentDetail(
  page: Page,
  request: APIRequestContext,
  region: ApiRegion,
  compartment: ApiCompartment,
) {
  const detail = page.getByTestId("compartment-detail");
  await expect(detail).toContainText(label(compartment.name));
  await expect(detail.getByTestId("compartment-proteins")).toHaveText(fmt(compartment.protein_count));
  await expect(detail.getByTestId("compartment-papers")).toHaveText(fmt(compartment.paper_count));
  await expect(detail.getByTestId("compartment-species")).toHaveText(
    fmt(compartment.species_distribution.length),
  );
  await expect(detail.getByTestId("top-proteins").getByRole("link")).toHaveText(
    compartment.top_proteins.map((p) => p.name),
  );
  await expect(detail.getByTestId("species-chart").locator("svg")).toBeVisible();
  // The table pages every protein of the region and compartment (the per-region CSV's rows, in its
  // order), 50 a page.
  const csv = await request.get(
    `/api/proteins/brain-regions/${region.region_id}/${encodeURIComponent(compartment.name)}/csv`,
  );
  expect(csv.ok()).toBe(true);
  const rows = parse(await csv.text(), { columns: true }) as Record<string, string>[];
  const symbols = rows.map((row) => row["Gene Symbol"]!);
  expect(symbols).toHaveLength(compartment.protein_count);
  const geneLinks = detail.getByTestId("protein-table").locator("tbody tr td:first-child");
  await expect(geneLinks).toHaveText(symbols.slice(0, PAGE_SIZE));
  const pager = detail.getByTestId("protein-table-pager");
  if (symbols.length <= PAGE_SIZE) {
    await expect(pager).toHaveCount(0);
  } else {
    await expect(detail.getByTestId("protein-table-range")).toHaveText(
      `Showing 1 to ${PAGE_SIZE} of ${fmt(symbols.length)} results`,
    );
    await pager.getByRole("button", { name: "Page 2", exact: true }).click();
    await expect(geneLinks).toHaveText(symbols.slice(PAGE_SIZE, 2 * PAGE_SIZE));
    await expect(pager.getByRole("button", { name: "Page 2", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await pager.getByRole("button", { name: "Page 1", exact: true }).click();
    await expect(geneLinks).toHaveText(symbols.slice(0, PAGE_SIZE));
  }
  const first = detail.getByTestId("protein-table").locator("tbody tr").first().getByRole("link").first();
  await expect(first).toHaveAttribute("href", /^\/gene\/[^/?]+$/);
}

test.describe("Brain Region Protein Distribution", () => {
  // Several side panels render in one test.
  test.describe.configure({ timeout: 180_000 });

  test("heatmap rows and columns equal the API's, with the first region selected; region, cell and column clicks select, and a second column click deselects", async ({
    sharedPage: page,
    request,
  }) => {
    const api = await distribution(request);
    const regions = byName(api.data);
    await page.goto(PATH);
    await expect(page).toHaveTitle("Brain Region Protein Distribution");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Brain Region Protein Distribution");
    await expect(page.getByTestId("brain-region-subtitle")).toContainText(
      `${fmt(api.total_proteins_mapped)} consensus proteins across ${fmt(api.data.length)} brain regions and ${api.compartments.length}`,
    );
    await expect(page.getByTestId("brain-region-status")).toHaveText(
      `${api.data.length} regions • ${api.compartments.length} compartments`,
    );

    await expect(page.getByTestId("heatmap-row")).toHaveText(regions.map((r) => r.name));
    await expect(page.getByTestId("heatmap-column")).toHaveText(api.compartments.map(label));
    await expect(page.getByTestId("heatmap-cell")).toHaveCount(regions.length * api.compartments.length);
    for (const region of regions) {
      for (const c of region.compartments) {
        const target = cell(page, region.region_id, c.name);
        await expect(target).toHaveAttribute("data-count", String(c.protein_count));
        await expect(target).toHaveText(c.protein_count === 0 ? "–" : fmt(c.protein_count));
      }
    }

    // The largest count has the full hue, an empty cell the faintest shade.
    const all = regions.flatMap((r) => r.compartments.map((c) => ({ region: r, c })));
    const max = all.reduce((best, item) => (item.c.protein_count > best.c.protein_count ? item : best));
    await expect(cell(page, max.region.region_id, max.c.name).locator("rect")).toHaveAttribute(
      "fill",
      "#0072b2",
    );

    const first = regions[0];
    if (!first) throw new Error("no regions");
    await expect(rowButton(page, first.region_id)).toHaveAttribute("aria-pressed", "true");
    await expectRegionPanel(page, first);
    await expect(page.getByTestId("compartment-detail")).toHaveCount(0);
    await expect(page.getByTestId("compartment-chart").locator("svg")).toBeVisible();

    // Region, cell and column clicks select, and a second column click deselects. A region name
    // selects the region.
    const second = regions[1];
    if (!second) throw new Error("fewer than two regions");
    await rowButton(page, second.region_id).click();
    await expect(page).toHaveURL(new RegExp(`[?&]region=${second.region_id}(&|$)`));
    await expect(rowButton(page, second.region_id)).toHaveAttribute("aria-pressed", "true");
    await expectRegionPanel(page, second);

    // A zero cell changes nothing; a non-zero cell selects region and compartment.
    const cells = regions.flatMap((r) => r.compartments.map((c) => ({ r, c })));
    const zero = cells.find((x) => x.c.protein_count === 0 && x.r.region_id !== second.region_id);
    if (!zero) throw new Error("the dataset has no empty cell to test");
    // An empty cell is marked disabled for assistive technology, but a pointer can still click it.
    await cell(page, zero.r.region_id, zero.c.name).click({ force: true });
    await expect(page.getByTestId("region-name")).toHaveText(second.name);
    await expect(page).not.toHaveURL(/compartment=/);

    // A region (other than the selected one) with two non-zero compartments.
    const targetRegion = regions.find(
      (r) =>
        r.region_id !== second.region_id && r.compartments.filter((c) => c.protein_count > 0).length >= 2,
    );
    const [c1, c2] = targetRegion?.compartments.filter((c) => c.protein_count > 0) ?? [];
    if (!targetRegion || !c1 || !c2) throw new Error("no region with two non-empty compartments");
    await cell(page, targetRegion.region_id, c1.name).click();
    await expect(page).toHaveURL(new RegExp(`compartment=${c1.name}`));
    await expect(cell(page, targetRegion.region_id, c1.name)).toHaveAttribute("aria-pressed", "true");
    await expectRegionPanel(page, targetRegion);
    await expectCompartmentDetail(page, request, targetRegion, c1);

    // A column header selects its compartment; clicking it again deselects.
    await columnButton(page, c2.name).click();
    await expect(columnButton(page, c2.name)).toHaveAttribute("aria-pressed", "true");
    await expect(columnButton(page, c1.name)).toHaveAttribute("aria-pressed", "false");
    await expect(page).toHaveURL(new RegExp(`compartment=${c2.name}`));
    await expectCompartmentDetail(page, request, targetRegion, c2);
    await columnButton(page, c2.name).click();
    await expect(columnButton(page, c2.name)).toHaveAttribute("aria-pressed", "false");
    await expect(page).not.toHaveURL(/compartment=/);
    await expect(page.getByTestId("compartment-detail")).toHaveCount(0);
    await expect(page.getByTestId("region-name")).toHaveText(targetRegion.name);

    // The keyboard reaches a cell too.
    await cell(page, targetRegion.region_id, c1.name).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`compartment=${c1.name}`));
  });

  test("a deep link restores region and compartment; download buttons save the four CSV files under the server's names", async ({
    sharedPage: page,
    request,
  }) => {
    const api = await distribution(request);
    const pick = byName(api.data)
      .reverse()
      .flatMap((r) => r.compartments.map((c) => ({ r, c })))
      .find((x) => x.c.protein_count > 0);
    if (!pick) throw new Error("no non-zero cell");
    await page.goto(`${PATH}?region=${pick.r.region_id}&compartment=${pick.c.name}`);
    await expect(rowButton(page, pick.r.region_id)).toHaveAttribute("aria-pressed", "true");
    await expect(columnButton(page, pick.c.name)).toHaveAttribute("aria-pressed", "true");
    await expectRegionPanel(page, pick.r);
    await expectCompartmentDetail(page, request, pick.r, pick.c);

    // The table has its API button, showing the paged query.
    await page.getByTestId("protein-table-api").click();
    await expect(page.getByTestId("protein-table-api-query")).toContainText("brainRegionProteinTable(");
    await expect(page.getByTestId("protein-table-api-rest-url")).toContainText(
      `/api/proteins/brain-regions/csv?region_id=${pick.r.region_id}`,
    );

    // Download buttons save the four CSV files under the server's names: the first non-empty cell,
    // chosen on the heatmap once the API dialog is closed.
    await page.keyboard.press("Escape");
    {
      const pick = byName(api.data)
        .flatMap((r) => r.compartments.map((c) => ({ r, c })))
        .find((x) => x.c.protein_count > 0);
      if (!pick) throw new Error("no non-zero cell");
      await cell(page, pick.r.region_id, pick.c.name).click();
      await expect(page).toHaveURL(new RegExp(`[?&]region=${pick.r.region_id}(&|$)`));
      await expect(page).toHaveURL(new RegExp(`compartment=${pick.c.name}`));
      await expect(page.getByTestId("compartment-detail")).toBeVisible();

      const cases: [string, string][] = [
        ["download-full", "/api/proteins/brain-regions/csv"],
        ["download-compartment", `/api/proteins/brain-regions/csv?compartment=${pick.c.name}`],
        ["download-region-all", `/api/proteins/brain-regions/${pick.r.region_id}/All/csv`],
        ["download-region-compartment", `/api/proteins/brain-regions/${pick.r.region_id}/${pick.c.name}/csv`],
      ];
      for (const [testId, url] of cases) {
        const response = await request.get(url);
        expect(response.ok()).toBe(true);
        const expected = /filename="?([^";]+)"?/.exec(response.headers()["content-disposition"] ?? "")?.[1];
        expect(expected).toMatch(/\.csv$/);
        const button = page.getByTestId(testId);
        await expect(button).toHaveAttribute("data-url", url);
        const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
        expect(download.suggestedFilename()).toBe(expected);
        await expect(button).toHaveAttribute("data-status", "success");
      }
    }
  });

  test("the screen has no accessibility violations (axe)", async ({ sharedPage: page, request }) => {
    const api = await distribution(request);
    const pick = byName(api.data)
      .flatMap((r) => r.compartments.map((c) => ({ r, c })))
      .filter((x) => x.c.protein_count > 0)
      // The smallest table keeps the check quick.
      .sort((a, b) => a.c.protein_count - b.c.protein_count)[0];
    if (!pick) throw new Error("no non-zero cell");
    await page.goto(`${PATH}?region=${pick.r.region_id}&compartment=${pick.c.name}`);
    await expect(page.getByTestId("protein-table").locator("tbody tr").first()).toBeVisible();
    await expectNoAxeViolations(page, "the brain-region page with a cell's proteins", {
      include: ['[data-testid="brain-region-page"]'],
      allRules: true,
    });
  });
});

for (const width of [1366, 390] as const) {
  test.describe(`brain region screenshots at ${width}px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 844 } });

    test("heatmap and side panel", async ({ sharedPage: page, request }) => {
      const api = await distribution(request);
      const pick = byName(api.data)
        .flatMap((r) => r.compartments.map((c) => ({ r, c })))
        .find((x) => x.c.protein_count > 0 && x.c.species_distribution.length > 1);
      if (!pick) throw new Error("no cell with two species");
      await page.goto(`${PATH}?region=${pick.r.region_id}&compartment=${pick.c.name}`);
      await expect(page.getByTestId("protein-table").locator("tbody tr").first()).toBeVisible();
      // The page itself never scrolls sideways; the heatmap scrolls inside its own box.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const heatmap = await page.getByTestId("heatmap-scroll").boundingBox();
      const panel = await page.getByTestId("region-panel").boundingBox();
      if (!heatmap || !panel) throw new Error("heatmap or panel not laid out");
      if (width < 600) expect(panel.y).toBeGreaterThan(heatmap.y + heatmap.height);
      else expect(panel.x).toBeGreaterThan(heatmap.x + heatmap.width);
      await reviewShot(page, `brain-region-${width}`, { fullPage: true });
    });
  });
}
