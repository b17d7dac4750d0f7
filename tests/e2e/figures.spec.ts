import { mkdir, readFile, writeFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { restPath } from "../../web/src/lib/restPath";
import { snippets } from "../../web/src/lib/snippets";
import { siteConfig } from "../../web/src/site.config";
import { expect, test } from "./support/shared-page";
import { reviewShot } from "./support/visual";

/**
 * Figure downloads: every chart offers an SVG (vector: text as <text>, no raster, no foreignObject) and a
 * 300-dpi PNG, each with a caption stating what is shown, the filters, the release and how to cite.
 */

interface Release {
  name: string;
  version: string;
  hasSyntheticData: boolean;
}

interface ParsedSvg {
  parseError: string | null;
  rootName: string;
  width: number;
  height: number;
  texts: string[];
  captionTexts: string[];
  images: number;
  foreignObjects: number;
}

const OUT = "test-results/figures";

async function release(page: Page): Promise<Release> {
  const response = await page.request.post("/graphql", {
    data: { query: "{ datasetRelease { name version hasSyntheticData } }" },
  });
  return ((await response.json()) as { data: { datasetRelease: Release } }).data.datasetRelease;
}

/** Clicks a download button and returns the file's bytes and suggested name. */
async function download(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent("download"), button.click()]);
  const path = await file.path();
  const bytes = await readFile(path);
  await mkdir(OUT, { recursive: true });
  await writeFile(`${OUT}/${file.suggestedFilename()}`, bytes);
  return { name: file.suggestedFilename(), bytes };
}

/** The SVG read by the browser's XML parser (the same one any SVG tool relies on). */
async function parseSvg(page: Page, text: string): Promise<ParsedSvg> {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, "image/svg+xml");
    const error = doc.getElementsByTagName("parsererror")[0];
    const root = doc.documentElement;
    const textOf = (nodes: ArrayLike<Element>) =>
      Array.from(nodes)
        .map((n) => (n.textContent ?? "").replace(/\s+/g, " ").trim())
        .filter(Boolean);
    return {
      parseError: error ? (error.textContent ?? "parse error") : null,
      rootName: `${root.namespaceURI} ${root.localName}`,
      width: Number(root.getAttribute("width")),
      height: Number(root.getAttribute("height")),
      texts: textOf(doc.getElementsByTagName("text")),
      captionTexts: textOf(doc.querySelectorAll("[data-figure-caption] text")),
      images: doc.getElementsByTagName("image").length,
      foreignObjects: doc.getElementsByTagName("foreignObject").length,
    };
  }, text);
}

/** Size and pHYs of a PNG, read straight from its bytes (independently of the app's writer). */
function pngFacts(bytes: Buffer): {
  width: number;
  height: number;
  dpiX: number;
  dpiY: number;
  unit: number;
} {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  const phys = bytes.indexOf("pHYs", 8, "latin1");
  expect(phys, "the PNG has a pHYs chunk").toBeGreaterThan(0);
  expect(bytes.readUInt32BE(phys - 4), "pHYs holds 9 bytes").toBe(9);
  const idat = bytes.indexOf("IDAT", 8, "latin1");
  expect(phys, "pHYs comes before the image data").toBeLessThan(idat);
  const perMetre = (offset: number) => bytes.readUInt32BE(phys + 4 + offset) * 0.0254;
  return {
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    dpiX: Math.round(perMetre(0)),
    dpiY: Math.round(perMetre(4)),
    unit: bytes[phys + 12] ?? -1,
  };
}

/** Downloads both files of one chart and checks what every figure must have; returns the parsed SVG. */
async function checkFigure(
  page: Page,
  control: Locator,
  expected: { labels: string[]; title: string; filters: string[]; data: Release; pageUrl: string },
): Promise<ParsedSvg> {
  const svgFile = await download(page, control.getByRole("button", { name: "SVG" }));
  expect(svgFile.name).toMatch(/^[a-z0-9-]+\.svg$/);
  const svg = await parseSvg(page, svgFile.bytes.toString("utf8"));
  expect(svg.parseError).toBeNull();
  expect(svg.rootName).toBe("http://www.w3.org/2000/svg svg");
  expect(svg.images, "no raster image in the SVG").toBe(0);
  expect(svg.foreignObjects, "no HTML in the SVG").toBe(0);
  for (const label of expected.labels) expect(svg.texts, `chart label ${label}`).toContain(label);

  const caption = svg.captionTexts.join(" ");
  expect(caption).toContain(expected.title);
  for (const filter of expected.filters) expect(caption).toContain(filter);
  expect(caption).toContain(`Dataset release: ${expected.data.name} ${expected.data.version}.`);
  if (expected.data.hasSyntheticData) expect(caption).toContain("labelled synthetic sample data");
  expect(caption).toContain(
    `Cite: ${siteConfig.citation ? siteConfig.citation.text : siteConfig.productName}`,
  );
  expect(caption).toContain(expected.pageUrl);

  const pngFile = await download(page, control.getByRole("button", { name: /PNG/ }));
  expect(pngFile.name).toBe(svgFile.name.replace(/\.svg$/, ".png"));
  const png = pngFacts(pngFile.bytes);
  expect(png.unit, "pHYs unit is the metre").toBe(1);
  expect(png.dpiX).toBe(300);
  expect(png.dpiY).toBe(300);
  expect(png.width).toBe(Math.round((svg.width * 300) / 96));
  expect(png.height).toBe(Math.round((svg.height * 300) / 96));
  return svg;
}

test.describe("Publication figures", () => {
  test("history, ICD-11 and brain-region charts download as vector SVG and 300-dpi PNG with captions", async ({
    sharedPage: page,
  }) => {
    const data = await release(page);

    await page.goto("/synaptopathy-history?tab=accumulated-localizations");
    // One compartment chosen: the caption names it, the legend (HTML on screen) is text in the file.
    const compartment = page
      .locator('[data-testid="localization-filter"]:not([data-key="all"]):not([data-key="total"])')
      .first();
    const compartmentLabel = (await compartment.textContent())?.trim() ?? "";
    const compartmentKey = (await compartment.getAttribute("data-key")) ?? "";
    await compartment.click();
    await expect(page).toHaveURL(new RegExp(`localization=${encodeURIComponent(compartmentKey)}`));
    const history = page.getByTestId("history-chart");
    await expect(history.getByTestId("chart-legend")).toHaveText(compartmentLabel);
    const historySvg = await checkFigure(page, page.getByTestId("figure-download"), {
      labels: ["Year", "Accumulated genes", compartmentLabel],
      title: "Accumulated synaptic gene localizations by study year",
      filters: [`Filters: Localization: ${compartmentLabel}.`],
      data,
      pageUrl: `/synaptopathy-history?tab=accumulated-localizations&localization=${encodeURIComponent(compartmentKey)}`,
    });
    // Every year label drawn on screen is text in the file.
    const ticks = await history.locator("svg text").allTextContents();
    for (const tick of ticks.filter((t) => /^\d{4}$/.test(t))) expect(historySvg.texts).toContain(tick);

    await page.goto("/disease-classifications");
    await expect(page.getByTestId("icd-chart").locator("svg").first()).toBeVisible();
    await checkFigure(page, page.getByTestId("icd-figure"), {
      labels: ["ICD-11 chapter", "Number of genes / diseases", "Genes", "Diseases", "06"],
      title: "Distinct synaptic genes and diseases in each of the",
      filters: ["Filters: none (all data shown)."],
      data,
      pageUrl: "/disease-classifications",
    });

    await page.goto("/brain-region-protein-distribution");
    await expect(page.getByTestId("heatmap-cell").first()).toBeVisible();
    const regionNames = await page.getByTestId("heatmap-row").allTextContents();
    const firstRegion = regionNames[0]!.trim();
    const columnNames = (await page.getByTestId("heatmap-column").allTextContents()).map((c) => c.trim());
    expect(regionNames.length).toBeGreaterThan(1);
    const heatmap = await checkFigure(page, page.getByTestId("heatmap-figure"), {
      labels: [...regionNames.map((r) => r.trim()), "Region", "Compartment"],
      title:
        "Consensus proteins (genes reported in five or more studies) per brain region and synaptic compartment.",
      filters: [`Highlighted region: ${firstRegion}`],
      data,
      pageUrl: "/brain-region-protein-distribution",
    });
    // A compartment heading that wraps on screen is split over lines in the file: its words are all there.
    const words = heatmap.texts.join(" ");
    for (const column of columnNames) for (const word of column.split(/\s+/)) expect(words).toContain(word);
    // The cell counts are text too.
    const counts = await page
      .getByTestId("heatmap-cell")
      .evaluateAll((cells) => cells.map((c) => c.textContent?.trim() ?? ""));
    for (const count of counts.filter((c) => c !== "")) expect(heatmap.texts).toContain(count);
  });

  test("the enrichment chart and the network of an analysed list download with their filters", async ({
    sharedPage: page,
  }) => {
    const data = await release(page);
    const ids = (
      (await (
        await page.request.post("/graphql", { data: { query: "{ consensusGeneEntrezIds }" } })
      ).json()) as {
        data: { consensusGeneEntrezIds: string[] };
      }
    ).data.consensusGeneEntrezIds.slice(0, 40);

    await page.goto("/analyze");
    await page.getByLabel("Gene identifiers").fill(ids.join("\n"));
    await page.getByTestId("analyze-submit").click();
    await expect(page.getByTestId("enrichment-chart").locator("svg").first()).toBeVisible();
    await page.getByTestId("enrichment-fdr").selectOption("0.25");
    const axisLabels = (
      await page.getByTestId("enrichment-chart").locator("svg text").allTextContents()
    ).filter((t) => /[A-Za-z]/.test(t));
    expect(axisLabels.length).toBeGreaterThan(1);
    await checkFigure(page, page.getByTestId("enrichment-figure"), {
      labels: [...axisLabels, "−log10 FDR"],
      title: "enriched terms of a list of 40 mapped genes",
      filters: ["Category: all", "FDR at most: 0.25", "Background: "],
      data,
      pageUrl: "/analyze#list=",
    });

    const network = page.getByTestId("network-graph");
    await network.scrollIntoViewIfNeeded();
    await expect(network.getByTestId("network-node").first()).toBeVisible();
    const geneLabels = await network.getByTestId("network-label").allTextContents();
    expect(geneLabels.length).toBeGreaterThan(0);
    await checkFigure(page, page.getByTestId("network-figure"), {
      labels: [...geneLabels, "Disease gene (diamond)", "Consensus gene (black ring)"],
      title: "mapped genes:",
      filters: [
        "Mode: limited",
        `Given genes: ${await network.getByTestId("network-node").first().getAttribute("data-gene")}`,
      ],
      data,
      pageUrl: "/analyze#list=",
    });
  });

  test("the compare screen's UpSet plot and Venn diagram download with the sets in the caption", async ({
    sharedPage: page,
  }) => {
    const data = await release(page);
    const url = "/compare?set=disease:DOID:0060041&set=compartment:Presynaptic";
    await page.goto(url);
    await expect(page.getByTestId("upset-plot")).toBeVisible();
    const setLabels = (await page.getByTestId("upset-set").allTextContents()).map((t) => t.trim());
    expect(setLabels.length).toBe(2);
    const columns = await page.getByTestId("upset-column").count();
    expect(columns).toBeGreaterThan(0);
    const upset = await checkFigure(page, page.getByTestId("upset-figure-download"), {
      labels: [],
      title: "UpSet plot of 2 gene sets",
      filters: ["Set 1: ", "disease: DOID:0060041", "Set 2: ", "compartment: Presynaptic"],
      data,
      pageUrl: "/compare?set=disease",
    });
    // The plot's labels and counts are text in the file, beside the caption's.
    expect(upset.texts.length - upset.captionTexts.length).toBeGreaterThan(setLabels.length);
    await checkFigure(page, page.getByTestId("venn-figure-download"), {
      labels: [],
      title: "Venn diagram of 2 gene sets",
      filters: ["disease: DOID:0060041", "compartment: Presynaptic"],
      data,
      pageUrl: "/compare?set=disease",
    });
  });
});

test.describe("API code snippets", () => {
  test("the API button shows the table's request as curl, Python and R, with the current filters", async ({
    sharedPage: page,
    baseURL,
  }) => {
    const hdoid = "DOID:0060041";
    await page.goto(`/disease-search?q=${encodeURIComponent(hdoid)}`);
    const card = page.getByTestId("disease-card").first();
    await card.getByTestId("disease-card-toggle").click();
    await expect(card.getByTestId("api-genes")).toBeVisible();
    await card.getByTestId("api-genes").click();
    const dialog = page.getByTestId("api-genes-dialog");
    await expect(dialog).toBeVisible();
    const snippet = dialog.getByTestId("api-genes-snippet");
    const restUrl = (await dialog.getByTestId("api-genes-rest-url").textContent())!
      .replace(/^GET\s+/, "")
      .trim();
    const expected = snippets({ origin: baseURL!, restUrl: restUrl.slice(baseURL!.length), query: "" });
    expect(restUrl).toContain(restPath("/api/disease/genes/filter", { hdoid }));
    await expect(snippet).toHaveText(expected.curl);
    await reviewShot(page, "figures-snippets-dialog-curl");
    await dialog.getByTestId("api-genes-lang-python").click();
    await expect(snippet).toHaveAttribute("data-language", "python");
    await expect(snippet).toHaveText(expected.python.trimEnd());
    await dialog.getByTestId("api-genes-lang-r").click();
    await expect(snippet).toHaveText(expected.r.trimEnd());
    await expect(snippet).toContainText("library(httr2)");
    await reviewShot(dialog.getByTestId("api-genes-snippets"), "figures-snippets-dialog-r");
  });

  test("a page with the figure download control", async ({ sharedPage: page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto("/disease-classifications");
    await expect(page.getByTestId("icd-figure")).toBeVisible();
    await expect(page.getByTestId("icd-chart").locator("svg").first()).toBeVisible();
    await reviewShot(page, "figures-icd-page-with-figure-control");
    await page.goto("/synaptopathy-history");
    await expect(page.getByTestId("figure-download")).toBeVisible();
    await reviewShot(page, "figures-history-page-with-figure-control");
  });
});
