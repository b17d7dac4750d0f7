import { readFile } from "node:fs/promises";
import { type Page } from "@playwright/test";
import { expect, test } from "./support/shared-page";
import { reviewShot } from "./support/visual";

interface Network {
  nodes: { geneId: number; symbol: string; degree: number }[];
  edges: unknown[];
  totalNodes: number;
  totalEdges: number;
  truncated: boolean;
  message: string | null;
}

async function network(page: Page, input: Record<string, unknown>): Promise<Network> {
  const response = await page.request.post("/graphql", {
    data: {
      query:
        "query($i: GeneNetworkInput!) { geneNetwork(input: $i) { totalNodes totalEdges truncated message nodes { geneId symbol degree } edges { source } } }",
      variables: { i: input },
    },
  });
  return ((await response.json()) as { data: { geneNetwork: Network } }).data.geneNetwork;
}

/** A gene with interaction partners, from the API: the first of a search with the most partners under the cap. */
async function geneWithInteractors(
  page: Page,
): Promise<{ id: number; humanName: string; interactorCount: number }> {
  const response = await page.request.post("/graphql", {
    data: { query: '{ geneSearch(q: "DLG", pageSize: 50) { genes { id humanName interactorCount } } }' },
  });
  const genes = (
    (await response.json()) as {
      data: { geneSearch: { genes: { id: number; humanName: string; interactorCount: number }[] } };
    }
  ).data.geneSearch.genes
    .filter((g) => g.interactorCount > 2 && g.interactorCount < 60)
    .sort((a, b) => b.interactorCount - a.interactorCount);
  expect(genes.length).toBeGreaterThan(0);
  return genes[0]!;
}

test.describe("Protein interaction networks", () => {
  test("the gene page's Network tab draws the gene's partners, switches mode and downloads", async ({
    sharedPage: page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    const gene = await geneWithInteractors(page);
    const induced = await network(page, { geneIds: [gene.id], mode: "INDUCED" });
    expect(induced.totalNodes).toBe(gene.interactorCount + 1);

    await page.goto(`/gene-search?q=${encodeURIComponent(gene.humanName)}`);
    const card = page.locator(`[data-testid="gene-card"][data-gene="${gene.humanName}"]`);
    await card.getByTestId("gene-card-toggle").click();
    await card.getByTestId("tab-network").click();
    const panel = card.getByTestId("panel-network");
    await expect(panel.getByTestId("network-summary")).toContainText(
      `${induced.nodes.length} genes and ${induced.edges.length} interactions shown`, // more than one of each
    );
    await expect(panel.getByTestId("network-node")).toHaveCount(induced.nodes.length);
    await expect(panel.locator(`[data-testid="network-node"][data-gene="${gene.humanName}"]`)).toBeVisible();
    await expect(panel.getByTestId("network-legend")).toContainText("Disease gene");
    // The edge table is the text alternative, shown beside the drawing.
    await expect(panel.getByTestId("network-edge-table")).toBeVisible();
    await expect(panel.getByTestId("network-edge-table").locator("tbody tr")).toHaveCount(
      Math.min(25, induced.edges.length),
    );

    // Downloads: the edge list as CSV and the network as GraphML that an XML parser reads.
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      panel.getByTestId("download-network-csv").click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^network_induced_1_genes_v[\w.-]+\.csv$/);
    const csvText = await readFile((await csv.path())!, "utf8");
    expect(csvText.trim().split("\n")).toHaveLength(induced.totalEdges + 1);
    const [graphml] = await Promise.all([
      page.waitForEvent("download"),
      panel.getByTestId("download-network-graphml").click(),
    ]);
    expect(graphml.suggestedFilename()).toMatch(/^network_induced_1_genes_v[\w.-]+\.graphml$/);
    const xml = await readFile((await graphml.path())!, "utf8");
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      return {
        error: doc.getElementsByTagName("parsererror").length,
        nodes: doc.getElementsByTagName("node").length,
        edges: doc.getElementsByTagName("edge").length,
      };
    }, xml);
    expect(parsed).toEqual({ error: 0, nodes: induced.totalNodes, edges: induced.totalEdges });

    // Limited mode: one gene alone has no interactions among the given genes.
    await panel.getByLabel("Limited").check();
    await expect(panel.getByTestId("network-summary")).toContainText("1 gene and 0 interactions shown");
    await expect(panel.getByTestId("network-empty")).toBeVisible();

    // A node click opens the gene.
    await panel.getByLabel("Induced").check();
    const partner = induced.nodes.find((n) => n.geneId !== gene.id)!;
    await panel
      .locator(`[data-testid="network-node"][data-gene="${partner.symbol}"]`)
      .locator("circle, rect")
      .first()
      .click({ force: true });
    await expect(page).toHaveURL(new RegExp(`/gene/${partner.symbol}$`));
    expect(errors).toEqual([]);
  });

  test("a large list's network is capped with a message saying what was cut", async ({
    sharedPage: page,
  }) => {
    const ids = (
      (await (
        await page.request.post("/graphql", { data: { query: "{ consensusGeneEntrezIds }" } })
      ).json()) as {
        data: { consensusGeneEntrezIds: string[] };
      }
    ).data.consensusGeneEntrezIds.slice(0, 400);
    await page.goto("/analyze");
    await page.getByLabel("Gene identifiers").fill(ids.join("\n"));
    await page.getByTestId("analyze-submit").click();
    const section = page.getByTestId("analyze-network");
    await expect(section.getByTestId("network-summary")).toBeVisible();
    const analysis = (await (
      await page.request.post("/api/analyze", { data: { identifiers: ids } })
    ).json()) as {
      data: { genes: { geneId: number }[] };
    };
    const expectedNet = await network(page, {
      geneIds: analysis.data.genes.map((g) => g.geneId),
      mode: "LIMITED",
    });
    expect(expectedNet.truncated).toBe(true);
    await expect(section.getByTestId("network-cap-message")).toContainText(
      `of ${expectedNet.totalNodes.toLocaleString("en-US")} genes`,
    );
    await expect(section.getByTestId("network-cap-message")).toContainText("Narrow it");
    // Genes without an interaction in view are counted, not drawn.
    const drawn = expectedNet.nodes.filter((n) => n.degree > 0).length;
    await expect(section.getByTestId("network-node")).toHaveCount(drawn);
    await expect(section.getByTestId("network-isolated")).toContainText(
      `${(expectedNet.nodes.length - drawn).toLocaleString("en-US")} gene`,
    );
  });

  for (const width of [1366, 390]) {
    test(`screenshot of the Network tab at ${width}px`, async ({ sharedPage: page }) => {
      await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
      const gene = await geneWithInteractors(page);
      await page.goto(`/gene-search?q=${encodeURIComponent(gene.humanName)}`);
      const card = page.locator(`[data-testid="gene-card"][data-gene="${gene.humanName}"]`);
      await card.getByTestId("gene-card-toggle").click();
      await card.getByTestId("tab-network").click();
      await expect(card.getByTestId("network-node").first()).toBeVisible();
      await reviewShot(page, `network-tab-${width}`, { fullPage: true });
    });
  }
});
