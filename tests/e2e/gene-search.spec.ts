import { readFile } from "node:fs/promises";
import { siteConfig } from "../../web/src/site.config";
import { GeneSearchPage } from "./support/gene-search.page";
import { expect, test } from "./support/shared-page";

test.describe("Gene Search", () => {
  test("searches DLG4 from the address bar: the card, the notice, the alternative searches, the highlight and the debug panel", async ({
    sharedPage: page,
  }) => {
    const gs = new GeneSearchPage(page);
    await gs.goto("DLG4");
    await expect(page).toHaveTitle("Gene Search");
    await expect(page.getByText("Find and explore gene information and related pathways.")).toBeVisible();
    await expect(gs.searchInput).toHaveValue("DLG4");

    const card = gs.card("DLG4");
    await expect(card).toBeVisible();
    await expect(card.getByTestId("consensus-badge")).toHaveText("Consensus");
    await expect(card.locator(".gene-symbol")).toHaveText("DLG4");
    await expect(card).toContainText("discs large MAGUK scaffold protein 4");
    await expect(card.getByRole("link", { name: /^1742/ })).toHaveAttribute(
      "href",
      /ncbi\.nlm\.nih\.gov\/gene\/1742/,
    );
    await expect(card.getByTestId("tab-papers")).toContainText("Unique: 51");

    const notice = page.getByTestId("sample-data-notice");
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("Sample dataset");
    await expect(notice.getByRole("link", { name: "About this data" })).toHaveAttribute("href", "/data");

    // The alternative searches, and the citation only when one is configured.
    const empty = page.getByTestId("empty-state");
    await expect(empty.getByRole("link", { name: /Disease Search/ })).toHaveAttribute(
      "href",
      "/disease-search",
    );
    await expect(empty.getByRole("link", { name: /Publication Search/ })).toHaveAttribute(
      "href",
      "/paper-search",
    );
    await expect(empty.getByRole("heading", { name: "How to Cite" })).toHaveCount(
      siteConfig.citation ? 1 : 0,
    );

    // The search term is highlighted until the toggle turns it off; Ctrl+Shift+D toggles the debug panel.
    await expect(card.locator(".gene-symbol mark")).toHaveText("DLG4");
    await page.getByTestId("results-highlight").click();
    await expect(page.getByTestId("results-highlight")).toHaveText(/Highlight Off/);
    await expect(card.locator("mark")).toHaveCount(0);

    await expect(page.getByTestId("debug-panel")).toHaveCount(0);
    await page.keyboard.press("Control+Shift+D");
    const panel = page.getByTestId("debug-panel");
    await expect(panel).toBeVisible();
    await expect(page.getByTestId("debug-consensus-size")).toHaveText(/^[1-9][\d,]*$/);
    await expect(panel).toContainText('"1742"');
    await page.keyboard.press("Control+Shift+D");
    await expect(panel).toHaveCount(0);
  });

  test("searches DLG4 from the search box and from the navigation bar; the home page's footer", async ({
    sharedPage: page,
  }) => {
    const gs = new GeneSearchPage(page);
    await gs.goto();
    await gs.searchInput.fill("DLG4");
    await gs.searchInput.press("Enter");
    await expect(page).toHaveURL(/[?&]q=DLG4\b/);
    await expect(gs.card("DLG4")).toBeVisible();

    await page.goto("/");
    // The footer shows the visitor count and the version.
    await expect(page).toHaveTitle("SynaptopathyDB - A Comprehensive Resource for Synaptopathy Research");
    await expect(page.getByTestId("visitor-count")).toHaveText(/^Unique Visitors: \d[\d,]*$/);
    await expect(page.getByTestId("version-text")).toContainText("0.1.1 (beta)");
    await expect(page.getByTestId("version-text")).toContainText("16 September 2025");
    const navSearch = page.getByTestId("nav-search").getByRole("combobox");
    // An empty submit does nothing.
    await navSearch.press("Enter");
    await expect(page).toHaveURL(/\/$/);
    await navSearch.fill("CAMK2A");
    await navSearch.press("Enter");
    await expect(page).toHaveURL(/\/gene-search\?q=CAMK2A$/);
    await expect(navSearch).toHaveValue("");
    await expect(gs.card("CAMK2A")).toBeVisible();
  });

  test("each of the six tabs shows its data", async ({ sharedPage: page }) => {
    const gs = new GeneSearchPage(page);
    await gs.goto("DLG4");
    const card = await gs.expand("DLG4");

    // The first expansion selects and loads the papers tab.
    await expect(card.getByTestId("tab-papers")).toHaveAttribute("aria-selected", "true");
    const papers = card.getByTestId("panel-papers");
    await expect(papers.getByTestId("paper-card").first()).toBeVisible();
    await expect(papers.getByTestId("papers-count")).toHaveAttribute("data-total", "53");
    expect(await papers.getByTestId("paper-card").count()).toBeGreaterThan(0);
    await expect(papers.getByTestId("synthetic-tag").first()).toHaveAttribute(
      "title",
      "Synthetic sample row — not real research data",
    );

    const diseases = await gs.openTab(card, "diseases");
    await expect(diseases.getByTestId("disease-card").first()).toBeVisible();
    await expect(diseases.getByTestId("disease-card")).toHaveCount(22);
    const autism = diseases.getByRole("link", { name: "Autism spectrum disorder" });
    await expect(autism).toHaveAttribute("href", "/disease/DOID:0060041");

    const mutations = await gs.openTab(card, "mutations");
    await expect(mutations.getByTestId("mutation-card")).toHaveCount(8);
    await expect(mutations.getByTestId("mutation-card").first()).toContainText("Function Class");

    const omim = await gs.openTab(card, "omim");
    await expect(omim.getByTestId("omim-card")).toHaveCount(1);
    await expect(omim.getByTestId("omim-card").first()).toContainText("618793");
    await expect(omim.getByTestId("omim-card").first()).toContainText("PubMed ID");

    const go = await gs.openTab(card, "go");
    await expect(go.getByTestId("go-row").first()).toBeVisible();
    expect(await go.getByTestId("go-row").count()).toBeGreaterThan(0);
    await expect(go.getByTestId("go-table")).toContainText("GO:");

    const syngo = await gs.openTab(card, "syngo");
    await expect(syngo.getByTestId("syngo-card")).toHaveCount(3);
    await expect(syngo.getByTestId("syngo-card").first()).toContainText("Biological System");

    // Each tab's data is loaded once: going back shows the papers without a new request.
    let requests = 0;
    page.on("request", (request) => {
      if (request.url().includes("/graphql")) requests++;
    });
    await gs.openTab(card, "papers");
    await expect(papers.getByTestId("paper-card").first()).toBeVisible();
    expect(requests).toBe(0);
  });

  test("the papers tab downloads its CSV, and filters by localisation and by text", async ({
    sharedPage: page,
  }) => {
    const gs = new GeneSearchPage(page);
    await gs.goto("DLG4");
    const card = await gs.expand("DLG4");
    const panel = card.getByTestId("panel-papers");
    const button = panel.getByTestId("download-papers");
    await expect(button).toHaveText("Download Publications");
    const downloadPromise = page.waitForEvent("download");
    await button.click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const path = await download.path();
    const content = await readFile(path, "utf8");
    const [header, firstRow] = content.replace(/^\uFEFF/, "").split(/\r?\n/);
    expect(header).toContain("PubMed ID");
    expect(header?.split(",").length).toBeGreaterThan(3);
    expect(firstRow?.length ?? 0).toBeGreaterThan(0);
    await expect(button).toHaveText("Success!");

    const count = panel.getByTestId("papers-count");
    const cards = panel.getByTestId("paper-card");
    await expect(count).toHaveAttribute("data-total", "53");
    await expect(count).toHaveAttribute("data-filtered", "53");

    const select = panel.getByTestId("papers-localisation");
    await expect(select.locator("option").first()).toHaveText("All localizations");
    await select.selectOption("Synaptosome");
    const synaptosome = Number(await count.getAttribute("data-filtered"));
    expect(synaptosome).toBeGreaterThan(0);
    expect(synaptosome).toBeLessThan(53);
    await expect(cards).toHaveCount(Math.min(synaptosome, 12));
    for (const text of await cards.allTextContents()) expect(text).toContain("Synaptosome");

    await select.selectOption("");
    await expect(count).toHaveAttribute("data-filtered", "53");

    const filter = panel.getByPlaceholder("Filter papers...");
    await filter.fill("WITTIG");
    await expect(cards).not.toHaveCount(12);
    const wittig = await cards.count();
    expect(wittig).toBeGreaterThan(0);
    await expect(count).toHaveAttribute("data-filtered", String(wittig));
    for (const text of await cards.allTextContents()) expect(text.toUpperCase()).toContain("WITTIG");
    // The filter text is highlighted; the tab's Highlight toggle turns it off.
    await expect(cards.first().locator("mark").first()).toHaveText(/wittig/i);
    await panel.getByTestId("papers-highlight").click();
    await expect(cards.first().locator("mark")).toHaveCount(0);

    await filter.fill("no-such-study-xyz");
    await expect(panel.getByText("No publications match your filters.")).toBeVisible();
    await expect(cards).toHaveCount(0);
  });

  test("keeps the expanded card and tab in the address", async ({ sharedPage: page }) => {
    const gs = new GeneSearchPage(page);
    await page.goto("/gene-search?q=DLG4&open=1:diseases");
    const card = gs.card("DLG4");
    await expect(card.getByTestId("gene-card-toggle")).toHaveAttribute("aria-expanded", "true");
    await expect(card.getByTestId("tab-diseases")).toHaveAttribute("aria-selected", "true");
    await expect(card.getByTestId("panel-diseases").getByTestId("disease-card").first()).toBeVisible();

    const toggle = card.getByTestId("gene-card-toggle");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page).not.toHaveURL(/open=/);
    await page.waitForTimeout(350); // past the 300 ms toggle lock
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    // The card remembers its tab.
    await expect(card.getByTestId("tab-diseases")).toHaveAttribute("aria-selected", "true");
  });

  // Its own page: a clock installed on the shared page would stay frozen for the tests after it.
  test("ignores card toggles within 300 ms of the last one", async ({ page }) => {
    // Date.now() is frozen, so every click after the first falls within the lock until time moves on.
    const start = new Date("2026-01-01T00:00:00Z").getTime();
    await page.clock.setFixedTime(start);
    const gs = new GeneSearchPage(page);
    await gs.goto("DLG4");
    const toggle = gs.card("DLG4").getByTestId("gene-card-toggle");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await toggle.click();
    await page.waitForTimeout(300);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");

    await page.clock.setFixedTime(start + 301);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("App shell", () => {
  test("navigation dropdowns open, switch and close", async ({ sharedPage: page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto("/gene-search");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Gene Search" })).toHaveClass(/is-active/);

    const catalog = page.getByTestId("nav-group-catalog");
    const synaptopathy = page.getByTestId("nav-group-synaptopathy");
    const catalogMenu = page.getByTestId("nav-menu-catalog");
    const synaptopathyMenu = page.getByTestId("nav-menu-synaptopathy");

    await expect(catalogMenu).toBeHidden();
    await catalog.click();
    await expect(catalog).toHaveAttribute("aria-expanded", "true");
    await expect(catalogMenu.getByRole("link", { name: "Diseases Catalog" })).toBeVisible();

    // Opening one dropdown closes the others.
    await synaptopathy.click();
    await expect(synaptopathyMenu).toBeVisible();
    await expect(catalogMenu).toBeHidden();
    await expect(catalog).toHaveAttribute("aria-expanded", "false");

    // A click outside closes it on wide screens.
    await page.getByRole("heading", { level: 1, name: "Gene Search" }).click();
    await expect(synaptopathyMenu).toBeHidden();

    // A route change closes it, and Catalog is highlighted on the table routes.
    await catalog.click();
    await catalogMenu.getByRole("link", { name: "Synapse Proteome Catalog" }).click();
    await expect(page).toHaveURL(/\/gene-table$/);
    await expect(catalogMenu).toBeHidden();
    await expect(catalog).toHaveClass(/is-active/);
    await expect(page.getByRole("heading", { level: 1, name: "Synapse Proteome Catalog" })).toBeVisible();

    await page.getByTestId("nav-group-resources").click();
    await page.getByTestId("nav-menu-resources").getByRole("link", { name: "Data & provenance" }).click();
    await expect(page).toHaveURL(/\/data$/);
    await expect(page.getByRole("heading", { level: 1, name: "Data & provenance" })).toBeVisible();
  });

  test("the full bar fits from 1240 px (search box inside the window); below, the hamburger", async ({
    sharedPage: page,
  }) => {
    await page.setViewportSize({ width: 1240, height: 700 });
    await page.goto("/gene-table");
    for (const width of [1240, 1280, 1366]) {
      await page.setViewportSize({ width, height: 700 });
      await expect(page.getByTestId("nav-hamburger")).toBeHidden();
      const search = await page.getByTestId("main-menu").getByRole("combobox").boundingBox();
      expect(search, `the navigation search box at ${width} px`).not.toBeNull();
      expect(search!.x + search!.width, `search box inside the window at ${width} px`).toBeLessThanOrEqual(
        width,
      );
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1100, height: 700 });
    await expect(page.getByTestId("nav-hamburger")).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });

  test("at 390 px the hamburger shows the menu", async ({ sharedPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const hamburger = page.getByTestId("nav-hamburger");
    const menu = page.getByTestId("main-menu");
    await expect(hamburger).toBeVisible();
    await expect(menu).toBeHidden();

    await hamburger.click();
    await expect(hamburger).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("combobox")).toBeVisible();
    await expect(menu.getByRole("link", { name: "Gene Search" })).toBeVisible();

    await page.getByTestId("nav-group-resources").click();
    await expect(page.getByTestId("nav-menu-resources").getByRole("link", { name: "FAQ" })).toBeVisible();
    // On small screens a click outside does not close the group.
    await page.getByTestId("sample-data-notice").click({ position: { x: 5, y: 5 } });
    await expect(page.getByTestId("nav-menu-resources")).toBeVisible();

    await menu.getByRole("link", { name: "Gene Search" }).click();
    await expect(page).toHaveURL(/\/gene-search$/);
    await expect(menu).toBeHidden();
    await expect(hamburger).toHaveAttribute("aria-expanded", "false");
  });
});
