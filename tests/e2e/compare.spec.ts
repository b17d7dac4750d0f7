import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expect, test } from "./support/shared-page";
import { reviewShot } from "./support/visual";

interface Comparison {
  unionSize: number;
  sets: { label: string; size: number }[];
  intersections: { sets: number[]; exclusiveSize: number; geneIds: number[]; symbols: string[] }[];
}

const ASD = "DOID:0060041";

/** The same comparison straight from the REST API, to hold the page to. */
async function expected(page: Page, sets: { kind: string; value: string }[]): Promise<Comparison> {
  const response = await page.request.post("/api/compare", { data: { sets } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Comparison }).data;
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

async function fillSet(page: Page, index: number, kind: string, value: string) {
  const row = page.getByTestId("compare-set-row").nth(index);
  await row.getByTestId("compare-set-kind").selectOption(kind);
  await row.getByTestId("compare-set-value").fill(value);
}

test.describe("Compare gene sets", () => {
  test("two diseases: Venn and UpSet, an intersection's genes, enrichment, the address round trip and the CSV", async ({
    sharedPage: page,
  }) => {
    // The first enrichment against a background counts its term sizes (about a second alone, longer on a busy machine).
    test.setTimeout(180_000);
    const errors = collectErrors(page);
    const api = await expected(page, [
      { kind: "disease", value: ASD },
      { kind: "disease", value: "epilepsy" },
    ]);
    const shared = api.intersections.find((x) => x.sets.join() === "0,1")!;
    expect(shared.exclusiveSize).toBeGreaterThan(20);

    await page.goto("/compare");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compare gene sets");
    await fillSet(page, 0, "disease", ASD);
    await fillSet(page, 1, "disease", "epilepsy");
    await page.getByTestId("compare-submit").click();

    // Both plots, with the API's numbers.
    await expect(page.getByTestId("venn-diagram")).toBeVisible();
    await expect(page.getByTestId("upset-plot")).toBeVisible();
    await expect(page.getByTestId("upset-column")).toHaveCount(api.intersections.length);
    for (const x of api.intersections)
      await expect(
        page.locator(`[data-testid=upset-column][data-sets="${x.sets.join("-")}"]`),
      ).toHaveAttribute("data-size", String(x.exclusiveSize));
    await expect(page.locator('[data-testid=venn-region][data-sets="0-1"]')).toContainText(
      shared.exclusiveSize.toLocaleString("en-US"),
    );
    await expect(page.getByTestId("compare-set-summary").first()).toContainText(api.sets[0]!.label);
    await expect(page.getByTestId("intersection-hint")).toBeVisible();

    // Choose the shared genes in the Venn diagram: the table lists the first page of them, by symbol.
    await page.locator('[data-testid=venn-region][data-sets="0-1"]').click();
    await expect(page.getByTestId("intersection-name")).toHaveText(
      `${api.sets[0]!.label} ∩ ${api.sets[1]!.label}`,
    );
    const rows = page.getByTestId("intersection-gene-row");
    await expect(rows).toHaveCount(Math.min(20, shared.exclusiveSize));
    await expect(rows.first().locator("td").first()).toContainText(shared.symbols[0]!);
    await expect(page.locator('[data-testid=upset-column][data-sets="0-1"]')).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(page.url()).toContain("x=0-1");
    await reviewShot(page, "compare-2-sets", { fullPage: true });

    // The second page, then the address alone (a reload) gives the same view.
    await page.getByTestId("intersection-pager").getByRole("button", { name: "Page 2", exact: true }).click();
    await expect(rows.first().locator("td").first()).toContainText(shared.symbols[20]!);
    expect(page.url()).toContain("page=2");
    await page.reload();
    await expect(page.getByTestId("intersection-name")).toHaveText(
      `${api.sets[0]!.label} ∩ ${api.sets[1]!.label}`,
    );
    await expect(rows.first().locator("td").first()).toContainText(shared.symbols[20]!);
    await expect(page.getByTestId("compare-set-value").first()).toHaveValue(ASD);

    // Enrichment of the intersection against the synaptic background.
    await page.getByTestId("enrichment-background").selectOption("synaptic");
    await page.getByTestId("enrichment-run").click();
    await expect(page.getByTestId("enrichment-row").first()).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId("enrichment-summary")).toContainText(
      `of ${shared.exclusiveSize.toLocaleString("en-US")} genes`,
    );
    expect(page.url()).toContain("bg=synaptic");
    await reviewShot(page.getByTestId("enrichment-summary").locator(".."), "compare-enrichment");

    // The CSV: one row per gene of every intersection, as the API counts them.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("download-intersections").click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^compare_DOID_0060041_DOID_\d+_v[\w.-]+\.csv$/);
    const csv = parse(await readFile((await download.path())!, "utf8"), {
      columns: true,
      bom: true,
    }) as Record<string, string>[];
    expect(csv.length).toBe(api.unionSize);
    const sharedRows = csv.filter((r) => r["Set Indices"] === "0;1");
    expect(sharedRows.map((r) => r["Gene Symbol"])).toEqual(shared.symbols);
    expect(new Set(sharedRows.map((r) => r["Intersection Size"]))).toEqual(
      new Set([String(shared.exclusiveSize)]),
    );

    // The API button opens this very query in the explorer.
    await page.getByTestId("api-compare").click();
    await expect(page.getByTestId("api-compare-query")).toContainText("compareSets(sets: $sets)");
    await expect(page.getByTestId("api-compare-variables")).toContainText(ASD);
    expect(errors).toEqual([]);
  });

  test("four sets of four kinds and a gene list: an UpSet plot without a Venn, unmapped identifiers shown", async ({
    sharedPage: page,
  }) => {
    const errors = collectErrors(page);
    const list = "DLG4 SHANK3 GRIN2B SYNGAP1 CAMK2A NOT_A_GENE_XYZ";
    const api = await expected(page, [
      { kind: "disease", value: ASD },
      { kind: "icd11_chapter", value: "08" },
      { kind: "compartment", value: "Presynaptic" },
      { kind: "gene_list", value: list },
    ]);

    await page.goto("/compare");
    await fillSet(page, 0, "disease", ASD);
    await fillSet(page, 1, "chapter", "08");
    await page.getByTestId("compare-add-set").click();
    await fillSet(page, 2, "compartment", "Presynaptic");
    await page.getByTestId("compare-add-set").click();
    await fillSet(page, 3, "list", list);
    await page.getByTestId("compare-submit").click();

    await expect(page.getByTestId("upset-plot")).toBeVisible();
    await expect(page.getByTestId("venn-diagram")).toHaveCount(0);
    await expect(page.getByTestId("upset-column")).toHaveCount(api.intersections.length);
    await expect(page.getByTestId("upset-set")).toHaveCount(4);
    await expect(page.getByTestId("compare-unmapped")).toContainText("1 unmapped");
    await expect(page.getByTestId("compare-summary")).toContainText(api.unionSize.toLocaleString("en-US"));
    // The gene list travels in the fragment, the named sets in the query string.
    expect(new URL(page.url()).hash).toContain("SYNGAP1");
    expect(decodeURIComponent(new URL(page.url()).search)).toContain("set=compartment:Presynaptic");

    // The largest intersection, chosen with the keyboard.
    const largest = api.intersections[0]!;
    await page.getByTestId("upset-column").first().focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("intersection-gene-row")).toHaveCount(Math.min(20, largest.exclusiveSize));
    await expect(page.getByTestId("intersection-gene-row").first().locator("td").first()).toContainText(
      largest.symbols[0]!,
    );
    await reviewShot(page, "compare-4-sets", { fullPage: true });

    // A narrow screen scrolls the plot inside its frame, not the page.
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await reviewShot(page, "compare-4-sets-390", { fullPage: true });
    expect(errors).toEqual([]);
  });

  test("an unknown set is reported, and fewer than two sets are refused", async ({ sharedPage: page }) => {
    await page.goto("/compare");
    await fillSet(page, 0, "disease", "DOID:999999999");
    await fillSet(page, 1, "compartment", "Presynaptic");
    await page.getByTestId("compare-submit").click();
    await expect(page.getByTestId("compare-error")).toHaveText("Unknown disease: 'DOID:999999999'");
    await fillSet(page, 0, "disease", "");
    await page.getByTestId("compare-submit").click();
    await expect(page.getByTestId("compare-form-error")).toHaveText("Give at least 2 sets to compare.");
  });
});
