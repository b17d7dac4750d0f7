import { readFile } from "node:fs/promises";
import { DetailSearchPage } from "./support/detail-search.page";
import { expect, test } from "./support/shared-page";
import { reviewShot } from "./support/visual";

/*
 * Expected numbers come from the seeded dataset (data/e2e.sqlite):
 * HUSI_2000 (PMID 10862698) reports 77 genes, all consensus, in Postsynaptic only, no mutations;
 * TAKAMORI_2006 (17110340) has 386 gene rows (375 of consensus genes): 286 Presynaptic and
 * 100 Synaptic_Vesicle; COE_2018 (30559488) is a mutation study with 157 mutations and no genes.
 */
const HUSI = 10862698;
const TAKAMORI = 17110340;
const COE = 30559488;

test.describe("Publication Search", () => {
  test("opens a proteomic study by PMID, downloads it as CSV and filters its genes by text; Ctrl+Shift+D shows the debug panel", async ({
    sharedPage: page,
  }) => {
    const ps = DetailSearchPage.paper(page);
    await ps.goto(`q=${HUSI}`);
    await expect(page).toHaveTitle("Synapse Proteomic Publication Search");
    await expect(
      page.getByText("Find Synapse proteomics studies exploring gene-mutation interactions."),
    ).toBeVisible();
    await expect(
      page.getByText("Accepted keywords [PubMed ID, Publication title, Year, Description]"),
    ).toBeVisible();
    await expect(ps.searchInput).toHaveValue(String(HUSI));
    await expect(page.getByTestId("results-count")).toHaveText(`1 publication found for “${HUSI}”`);

    const card = ps.card(HUSI);
    await expect(card).toContainText("HUSI_2000");
    await expect(card.getByTestId("paper-pmid").getByRole("link")).toHaveAttribute(
      "href",
      `https://pubmed.ncbi.nlm.nih.gov/${HUSI}/`,
    );
    // No mutations: only the Genes tab.
    await expect(card.getByTestId("tab-genes")).toContainText("77");
    await expect(card.getByTestId("tab-mutations")).toHaveCount(0);

    // The study's genes download as CSV.
    const button = card.getByTestId("download-paper-genes");
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const text = await readFile(await download.path(), "utf8");
    expect(text).toContain("DLGAP1");

    await ps.expand(HUSI);
    const panel = card.getByTestId("panel-genes");
    await expect(panel.getByTestId("genes-mode")).toHaveValue("consensus");
    await expect(panel.getByTestId("genes-localization")).toHaveValue("");
    await expect(panel.getByTestId("genes-localization").locator("option")).toHaveText([
      "All localizations",
      "Postsynaptic",
    ]);
    const summary = panel.getByTestId("genes-summary");
    await expect(summary).toContainText("77 consensus gene rows");
    await expect(summary).toContainText("page 1 of 4");
    await expect(panel.getByTestId("paper-gene-card")).toHaveCount(20);
    await ps.goToPage(panel, "genes", 4);
    await expect(summary).toContainText("page 4 of 4");
    await expect(panel.getByTestId("paper-gene-card")).toHaveCount(17);

    await panel.getByTestId("genes-filter").fill("DLG");
    await expect(summary).toContainText("1 consensus gene row matching “DLG”");
    await expect(panel.getByTestId("gene-link")).toHaveText(["DLGAP1"]);
    await expect(panel.getByTestId("gene-link")).toHaveAttribute("href", "/gene/DLGAP1");
    await expect(panel.locator("mark").first()).toHaveText("DLG");
    await panel.getByTestId("genes-highlight").click();
    await expect(panel.locator("mark")).toHaveCount(0);
    await panel.getByTestId("genes-filter").fill("zzzz");
    await expect(panel.getByTestId("tab-empty")).toHaveText("No genes associated with this publication.");

    // Ctrl+Shift+D shows the debug panel.
    await expect(ps.cards).toHaveCount(1);
    await page.keyboard.press("Control+Shift+D");
    await expect(page.getByTestId("debug-sample-ids")).toHaveText(String(HUSI));
  });

  test("filters a study's genes by localisation and mode", async ({ sharedPage: page }) => {
    const ps = DetailSearchPage.paper(page);
    await ps.goto();
    await ps.searchInput.fill("TAKAMORI");
    await ps.searchInput.press("Enter");
    const card = await ps.expand(TAKAMORI);
    const panel = card.getByTestId("panel-genes");
    const summary = panel.getByTestId("genes-summary");
    await expect(summary).toContainText("375 consensus gene rows");
    await expect(summary).toContainText("page 1 of 19");

    await panel.getByTestId("genes-mode").selectOption("all");
    await expect(summary).toContainText("386 gene rows");
    await expect(summary).toContainText("page 1 of 20");
    await ps.goToPage(panel, "genes", 2);
    await expect(summary).toContainText("page 2 of 20");

    // A localisation resets the page and keeps the mode.
    await panel.getByTestId("genes-localization").selectOption("Synaptic_Vesicle");
    await expect(summary).toContainText("100 gene rows in Synaptic Vesicle");
    await expect(summary).toContainText("page 1 of 5");
    await expect(page).toHaveURL(/gloc=Synaptic_Vesicle/);
    await expect(page).not.toHaveURL(/gpage=/);
    const cards = panel.getByTestId("paper-gene-card");
    await expect(cards).toHaveCount(20);
    for (const localisation of await cards.evaluateAll((els) =>
      els.map((el) => el.getAttribute("data-localisation")),
    )) {
      expect(localisation).toBe("Synaptic_Vesicle");
    }
    await panel.getByTestId("genes-localization").selectOption("Presynaptic");
    await expect(summary).toContainText("286 gene rows in Presynaptic");

    // Reloading keeps the view.
    await page.reload();
    await expect(summary).toContainText("286 gene rows in Presynaptic");
    await expect(panel.getByTestId("genes-mode")).toHaveValue("all");
    await expect(panel.getByTestId("genes-localization")).toHaveValue("Presynaptic");
  });

  test("a mutation study shows its Mutations tab", async ({ sharedPage: page }) => {
    const ps = DetailSearchPage.paper(page);
    await ps.goto("q=COE_2018");
    const card = ps.card(COE);
    await expect(card).toContainText("COE_2018");
    await expect(card.getByTestId("tab-mutations")).toContainText("157");
    await card.getByTestId("tab-mutations").click();
    await expect(ps.toggle(card)).toHaveAttribute("aria-expanded", "true");
    const panel = card.getByTestId("panel-mutations");
    const summary = panel.getByTestId("mutations-summary");
    await expect(summary).toContainText("157 mutations");
    await expect(summary).toContainText("page 1 of 8");
    await expect(panel.getByTestId("mutation-card")).toHaveCount(20);
    await ps.goToPage(panel, "mutations", 8);
    await expect(summary).toContainText("page 8 of 8");
    await expect(panel.getByTestId("mutation-card")).toHaveCount(17);
    await panel.getByTestId("mutations-page-size").selectOption("100");
    await expect(summary).toContainText("page 1 of 2");
    await expect(panel.getByTestId("mutation-card")).toHaveCount(100);

    const genes = await ps.openTab(card, "genes");
    await expect(genes.getByTestId("tab-empty")).toHaveText("No genes associated with this publication.");
  });

  test("a deep link gives the same view after a reload", async ({ sharedPage: page }) => {
    const ps = DetailSearchPage.paper(page);
    await ps.goto(`q=${COE}&open=${COE}&tab=mutations&mpage=2`);
    const card = ps.card(COE);
    const summary = card.getByTestId("mutations-summary");
    await expect(summary).toContainText("page 2 of 8");
    const first = await card.getByTestId("mutation-card").first().locator(".mini-card-title").textContent();
    await page.reload();
    await expect(summary).toContainText("page 2 of 8");
    await expect(card.getByTestId("mutation-card").first().locator(".mini-card-title")).toHaveText(
      first ?? "",
    );
  });

  // One load of each view, captured at both widths (resized in place).
  test("screenshots at 1366 and 390 px", async ({ sharedPage: page }) => {
    const widths = [1366, 390] as const;
    const ps = DetailSearchPage.paper(page);
    await ps.goto(`q=${TAKAMORI}&open=${TAKAMORI}`);
    const card = ps.card(TAKAMORI);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await expect(card.getByTestId("paper-gene-card")).toHaveCount(20);
      await page.evaluate(() => window.scrollTo(0, 0));
      await reviewShot(page, `paper-search-${width}`);
      await card.getByTestId("tab-genes").evaluate((el) => {
        el.scrollIntoView({ block: "start" });
        window.scrollBy(0, -90);
      });
      await reviewShot(page, `paper-search-genes-${width}`);
    }
    await ps.goto(`q=${COE}&open=${COE}&tab=mutations`);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await expect(ps.card(COE).getByTestId("mutation-card")).toHaveCount(20);
      await ps
        .card(COE)
        .getByTestId("tab-mutations")
        .evaluate((el) => {
          el.scrollIntoView({ block: "start" });
          window.scrollBy(0, -90);
        });
      await reviewShot(page, `paper-search-mutations-${width}`);
    }
  });
});
