import { readFile } from "node:fs/promises";
import { DetailSearchPage } from "./support/detail-search.page";
import { expect, test } from "./support/shared-page";
import { reviewShot } from "./support/visual";

/*
 * Expected numbers come from the seeded dataset (data/e2e.sqlite):
 * DOID:0060041 autism spectrum disorder has 1,007 genes (564 consensus), 1,121 mutations
 * (674 in consensus genes) and 68 studies; 'autism' matches 4 diseases; its first consensus
 * gene ABAT is reported by 8 studies.
 */
const ASD = "DOID:0060041";

test.describe("Disease Search", () => {
  test("searches 'autism' from the address and shows the screen's texts; Ctrl+Shift+D shows the debug panel", async ({
    sharedPage: page,
  }) => {
    const ds = DetailSearchPage.disease(page);
    await ds.goto("q=autism");
    await expect(page).toHaveTitle("Disease Search");
    await expect(
      page.getByText("Discover disease mechanisms and associated genetic disorders."),
    ).toBeVisible();
    await expect(
      page.getByText(
        "Accepted keywords [Human Disease Ontology Identifier (HDOID) , Disease Name/Description]",
      ),
    ).toBeVisible();
    await expect(ds.searchInput).toHaveValue("autism");
    await expect(page.getByTestId("results-count")).toHaveText("4 diseases found for “autism”");
    await expect(ds.cards).toHaveCount(4);
    // Four results fit on one page: no result pager.
    await expect(page.getByTestId("results-pager-top")).toHaveCount(0);

    const card = ds.card(ASD);
    await expect(card.locator(".disease-name")).toHaveText("Autism spectrum disorder");
    await expect(card.getByTestId("link-disease-ontology")).toHaveAttribute(
      "href",
      "https://disease-ontology.org/?id=DOID:0060041",
    );
    await expect(card.getByTestId("link-alliance")).toHaveAttribute(
      "href",
      "https://www.alliancegenome.org/disease/DOID:0060041",
    );
    await expect(card.getByTestId("consensus-genes")).toHaveText("564 of 1,007");
    await expect(card.getByTestId("tab-genes")).toContainText("1,007");
    await expect(card.getByTestId("tab-mutations")).toContainText("1,121");
    await expect(card.getByTestId("tab-papers")).toContainText("Synapse Proteomic Publications");
    await expect(card.getByTestId("tab-papers")).toContainText("68");
    // The search term is highlighted in the card.
    await expect(card.locator(".disease-name mark").first()).toHaveText(/autism/i);

    // Ctrl+Shift+D shows the debug panel, and hides it again.
    await expect(ds.cards).toHaveCount(4);
    await expect(page.getByTestId("debug-panel")).toHaveCount(0);
    await page.keyboard.press("Control+Shift+D");
    const panel = page.getByTestId("debug-panel");
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId("debug-sample-ids")).toContainText(ASD);
    await page.keyboard.press("Control+Shift+D");
    await expect(panel).toHaveCount(0);
  });

  test("pages through many search results with pagers above and below, then searches by HDOID and pages the genes in consensus and all mode", async ({
    sharedPage: page,
  }) => {
    const ds = DetailSearchPage.disease(page);
    await ds.goto("q=syndrome");
    const count = page.getByTestId("results-count");
    await expect(count).toContainText("page 1 of");
    const totalPages = Number((await count.textContent())?.match(/page 1 of (\d+)/)?.[1]);
    expect(totalPages).toBeGreaterThan(1);
    await expect(ds.cards).toHaveCount(10);
    await expect(page.getByTestId("results-pager-bottom")).toBeVisible();
    const firstKey = await ds.cards.first().getAttribute("data-hdoid");
    await page.getByTestId("results-pager-top").getByRole("button", { name: "Page 2", exact: true }).click();
    await expect(count).toContainText(`page 2 of ${totalPages}`);
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(ds.cards.first()).not.toHaveAttribute("data-hdoid", firstKey ?? "");

    // From the results, a search by HDOID.
    await ds.searchInput.fill(ASD);
    await ds.searchInput.press("Enter");
    await expect(page).toHaveURL(/[?&]q=DOID%3A0060041/);
    await expect(page.getByTestId("results-count")).toHaveText("1 disease found for “DOID:0060041”");

    const card = await ds.expand(ASD);
    // The first expansion shows the genes tab in consensus mode.
    await expect(card.getByTestId("tab-genes")).toHaveAttribute("aria-selected", "true");
    const panel = card.getByTestId("panel-genes");
    await expect(panel.getByTestId("genes-mode")).toHaveValue("consensus");
    const summary = panel.getByTestId("genes-summary");
    await expect(summary).toContainText("564 consensus genes");
    await expect(summary).toContainText("page 1 of 29");
    await expect(panel.getByTestId("disease-gene-card")).toHaveCount(20);
    await expect(panel.getByTestId("consensus-badge")).toHaveCount(20);
    await expect(panel.getByTestId("genes-pager-top")).toBeVisible();
    await expect(panel.getByTestId("genes-pager-bottom")).toBeVisible();
    const firstGene = panel.getByTestId("gene-link").first();
    await expect(firstGene).toHaveText("ABAT");
    await expect(firstGene).toHaveAttribute("href", "/gene/ABAT");

    await ds.goToPage(panel, "genes", 2);
    await expect(summary).toContainText("page 2 of 29");
    await expect(page).toHaveURL(/gpage=2/);
    await expect(firstGene).not.toHaveText("ABAT");

    // Changing the mode goes back to page 1 and recomputes the pages.
    await panel.getByTestId("genes-mode").selectOption("all");
    await expect(summary).toContainText("1,007 genes");
    await expect(summary).toContainText("page 1 of 51");
    await expect(page).not.toHaveURL(/gpage=/);
    await ds.goToPage(panel, "genes", 51);
    await expect(summary).toContainText("page 51 of 51");
    await expect(panel.getByTestId("disease-gene-card")).toHaveCount(7);

    await panel.getByTestId("genes-page-size").selectOption("50");
    await expect(summary).toContainText("page 1 of 21");
    await expect(panel.getByTestId("disease-gene-card")).toHaveCount(50);

    // The text filter (debounced) narrows the genes and resets the page: an Entrez id.
    await panel.getByTestId("genes-filter").fill("85358");
    await expect(summary).toContainText("1 gene matching “85358”");
    await expect(panel.getByTestId("gene-link")).toHaveText(["SHANK3"]);
    await expect(panel.getByTestId("genes-pager-top")).toHaveCount(0);
    await expect(page).not.toHaveURL(/gpage=/);
    // A protein name adds the genes of its lookup to the filter's matches, in the gene search order.
    await panel.getByTestId("genes-filter").fill("shank");
    const mode = await panel.getByTestId("genes-mode").inputValue();
    const filtered = (await (
      await page.request.get(`/api/disease/genes/filter?hdoid=${ASD}&term=shank&mode=${mode}&pageSize=50`)
    ).json()) as { data: { humanName: string }[]; protein_lookup: { genes: string[] } | null };
    expect(filtered.data.map((g) => g.humanName)).toContain("SHANK2");
    expect(filtered.protein_lookup?.genes).toEqual(["SHANK2"]);
    await expect(panel.getByTestId("protein-status")).toHaveText(
      "Protein name “shank” also matches 1 gene: SHANK2 (included in the results).",
    );
    await expect(panel.getByTestId("gene-link")).toHaveText(filtered.data.map((g) => g.humanName));
    // Nothing found: the list says how many genes it searched.
    await panel.getByTestId("genes-filter").fill("zzzz-no-gene");
    await expect(panel.getByTestId("protein-status")).toHaveCount(0);
    await expect(panel.getByTestId("tab-empty")).toHaveText(
      new RegExp(
        `^No ${mode === "all" ? "" : `${mode} `}genes match “zzzz-no-gene” among the [\\d,]+ genes of this disease\\.$`,
      ),
    );
  });

  test("downloads the disease's genes as CSV, opens the mutations and publications tabs and a gene's publications modal", async ({
    sharedPage: page,
  }) => {
    const ds = DetailSearchPage.disease(page);
    await ds.goto(`q=${ASD}`);
    const button = ds.card(ASD).getByTestId("download-disease-genes");
    await expect(button).toHaveText("All Genes");
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const path = await download.path();
    const text = await readFile(path, "utf8");
    // Header plus one line per gene.
    expect(text.trim().split(/\r?\n/).length).toBeGreaterThan(1000);

    const card = await ds.expand(ASD);
    await card.getByTestId("panel-genes").getByTestId("genes-filter").fill("85358");
    await expect(card.getByTestId("genes-summary")).toContainText("matching “85358”");

    const mutations = await ds.openTab(card, "mutations");
    // Switching tabs clears the previous tab's filter.
    await expect(page).not.toHaveURL(/gq=/);
    const summary = mutations.getByTestId("mutations-summary");
    await expect(summary).toContainText("1,121 mutations");
    await expect(summary).toContainText("674 in consensus genes");
    await expect(summary).toContainText("page 1 of 57");
    await expect(mutations.getByTestId("mutation-card")).toHaveCount(20);
    await mutations.getByTestId("mutations-mode").selectOption("consensus");
    await expect(summary).toContainText("674 mutations");
    await expect(summary).toContainText("page 1 of 34");
    await ds.goToPage(mutations, "mutations", 2);
    await expect(summary).toContainText("page 2 of 34");

    const papers = await ds.openTab(card, "papers");
    const papersSummary = papers.getByTestId("papers-summary");
    await expect(papersSummary).toContainText("68 of 68 publications");
    await expect(papersSummary).toContainText("page 1 of 4");
    await expect(papers.getByTestId("disease-paper-card")).toHaveCount(20);
    await papers.getByTestId("papers-filter").fill("zzzz-no-paper");
    await expect(papers.getByTestId("tab-empty")).toHaveText("No publications associated with this disease.");

    // Back on genes, its filter was cleared and the mode is consensus again.
    const genes = await ds.openTab(card, "genes");
    await expect(genes.getByTestId("genes-filter")).toHaveValue("");

    // A gene's publications modal.
    const abat = card.getByTestId("disease-gene-card").filter({ hasText: "ABAT" }).first();
    await abat.getByTestId("gene-publications-button").click();

    const modal = page.getByTestId("gene-publications-modal");
    await expect(modal).toBeVisible();
    await expect(modal.getByRole("heading", { name: "Publications for ABAT" })).toBeVisible();
    await expect(modal.getByTestId("modal-count")).toHaveText("8 of 8 publications");
    await expect(modal.getByTestId("modal-paper")).toHaveCount(8);
    // Real PMIDs link to PubMed; placeholder PMIDs (99000000+) are shown unlinked and marked.
    const biesemann = modal.getByTestId("modal-paper").filter({ hasText: "BIESEMANN_2014" });
    await expect(biesemann.getByRole("link", { name: /24413018/ })).toHaveAttribute(
      "href",
      "https://pubmed.ncbi.nlm.nih.gov/24413018/",
    );
    const wittig = modal.getByTestId("modal-paper").filter({ hasText: "WITTIG_2021" });
    await expect(wittig).toContainText("99000028 (placeholder)");
    await expect(wittig.getByRole("link")).toHaveCount(0);
    await expect(wittig.getByTestId("synthetic-tag")).toBeVisible();
    await expect(modal.getByTestId("modal-filter")).toHaveAttribute(
      "placeholder",
      "Filter publications by title, or PubMed ID...",
    );
    await modal.getByTestId("modal-filter").fill("no-such-study");
    await expect(modal.getByTestId("modal-count")).toHaveText("0 of 8 publications");
    await expect(modal.getByTestId("modal-empty")).toHaveText("No publications match your filter criteria.");
    await expect(modal.getByTestId("modal-highlight")).toHaveText("Highlight On");
    await modal.getByTestId("modal-close").click();
    await expect(modal).toHaveCount(0);
  });

  test("a deep link gives the same view after a reload", async ({ sharedPage: page }) => {
    const ds = DetailSearchPage.disease(page);
    await ds.goto(`q=autism&open=${ASD}&tab=mutations&mmode=consensus&mpage=3`);
    const card = ds.card(ASD);
    await expect(ds.toggle(card)).toHaveAttribute("aria-expanded", "true");
    await expect(card.getByTestId("tab-mutations")).toHaveAttribute("aria-selected", "true");
    const summary = card.getByTestId("mutations-summary");
    await expect(summary).toContainText("page 3 of 34");
    await expect(card.getByTestId("mutations-mode")).toHaveValue("consensus");
    const firstVariant = await card
      .getByTestId("mutation-card")
      .first()
      .locator(".mini-card-title")
      .textContent();

    await page.reload();
    await expect(summary).toContainText("page 3 of 34");
    await expect(card.getByTestId("mutation-card").first().locator(".mini-card-title")).toHaveText(
      firstVariant ?? "",
    );
    // Collapsing drops the card's view from the address.
    await ds.toggle(card).click();
    await expect(page).toHaveURL(/\/disease-search\?q=autism$/);
  });

  // One load of each view, captured at both widths (resized in place).
  test("screenshots at 1366 and 390 px", async ({ sharedPage: page }) => {
    const widths = [1366, 390] as const;
    const ds = DetailSearchPage.disease(page);
    const scrollToTab = (tab: string) =>
      ds
        .card(ASD)
        .getByTestId(tab)
        .evaluate((el) => {
          el.scrollIntoView({ block: "start" });
          window.scrollBy(0, -90);
        });
    await ds.goto(`q=autism&open=${ASD}`);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await expect(ds.card(ASD).getByTestId("disease-gene-card")).toHaveCount(20);
      await page.evaluate(() => window.scrollTo(0, 0));
      await reviewShot(page, `disease-search-${width}`);
      await scrollToTab("tab-genes");
      await reviewShot(page, `disease-search-genes-${width}`);
    }
    await ds.goto(`q=autism&open=${ASD}&tab=mutations`);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await expect(ds.card(ASD).getByTestId("mutation-card")).toHaveCount(20);
      await scrollToTab("tab-mutations");
      await reviewShot(page, `disease-search-mutations-${width}`);
    }
    await ds.goto(`q=${ASD}&open=${ASD}`);
    await ds.card(ASD).getByTestId("gene-publications-button").first().click();
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByTestId("modal-paper").first()).toBeVisible();
      await reviewShot(page, `disease-search-modal-${width}`);
    }
  });
});
