import { type APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { DetailSearchPage } from "./support/detail-search.page";
import { GeneSearchPage } from "./support/gene-search.page";
import { sentOperation } from "./support/graphql-request";
import { SearchBoxObject } from "./support/search-box.page";
import { expect, test } from "./support/shared-page";
import { reviewShot } from "./support/visual";

/*
 * Search flows of issue #4 across the shared search box, the navigation bar and the three search
 * screens. Every expected value is read from the REST API of the same gateway.
 */

interface Suggestion {
  text: string;
  type: string;
  entityType: string;
  description?: string;
  genes?: string[];
}

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

const suggestions = (request: APIRequestContext, q: string, type = "all") =>
  api<Suggestion[]>(request, `/api/autocomplete?q=${encodeURIComponent(q)}&type=${type}&limit=10`);

const proteinGenes = (request: APIRequestContext, name: string) =>
  api<string[]>(request, `/api/protein/lookup?name=${encodeURIComponent(name)}`);

const isProteinStyle = (term: string) => /^[A-Za-z0-9-]{3,}$/.test(term) && !/^\d+$/.test(term);

/**
 * A protein name of the dataset that is not a gene symbol: an alias of DLG4 that the protein
 * lookup maps to genes other than itself. With the suggestions the box should show for it.
 */
async function proteinAlias(request: APIRequestContext) {
  const [dlg4] = await api<{ HumanName: string; aliases: string }[]>(request, "/api/gene/search?q=DLG4");
  for (const alias of (dlg4?.aliases ?? "").split(";").map((a) => a.trim())) {
    if (!isProteinStyle(alias)) continue;
    const genes = await proteinGenes(request, alias);
    if (genes.length === 0 || genes.some((g) => g.toUpperCase() === alias.toUpperCase())) continue;
    const normal = await suggestions(request, alias);
    const present = genes.filter((g) =>
      normal.some((s) => s.entityType === "gene" && s.text.toUpperCase() === g.toUpperCase()),
    );
    const added = genes.filter((g) => !present.includes(g));
    const status = `Found ${genes.length} gene${genes.length === 1 ? "" : "s"} related to protein "${alias}"${
      present.length > 0 ? ` (${present.length} already in results)` : ""
    }`;
    return {
      alias,
      genes,
      status,
      // The lookup's genes come after the normal suggestions (it adds, never goes first).
      options: [...normal.map((s) => `${s.text}|${s.type}`), ...added.map((g) => `${g}|Protein name`)],
    };
  }
  throw new Error("No protein-style alias of DLG4 maps to another gene");
}

const consoleErrors: string[] = [];

// The shared page already has the cookie choice stored (support/shared-page.ts), so the home page's
// cookie dialog does not cover the navigation bar.
test.beforeEach(async ({ sharedPage: page }) => {
  consoleErrors.length = 0;
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  page.on("response", (response) => {
    if (response.status() >= 400)
      consoleErrors.push(
        `${response.status()} ${response.request().method()} ${response.url()} ${response.request().postData()?.slice(0, 80)}`,
      );
  });
});

test.afterEach(() => {
  expect(consoleErrors).toEqual([]);
});

test.describe("Shared search box", () => {
  test("asks for no suggestions for the term a page opens with until the box is used", async ({
    sharedPage: page,
    request,
  }) => {
    const term = "aut";
    const expected = await suggestions(request, term, "disease");
    expect(expected.length).toBeGreaterThan(0);
    const asked: string[] = [];
    page.on("request", (r) => {
      const operation = sentOperation(r)?.operationName;
      if (operation === "SearchBoxAutocomplete" || operation === "ProteinLookup") asked.push(operation);
    });
    await page.goto(`/disease-search?q=${term}`);
    const box = SearchBoxObject.onPage(page, "disease-search-box");
    await expect(box.input).toHaveValue(term);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(600); // past the 300 ms suggestion delay
    expect(asked).toEqual([]);
    // Used from the keyboard, the box shows the term's suggestions.
    await box.input.focus();
    await box.input.press("ArrowDown");
    await expect(box.input).toHaveAttribute("aria-expanded", "true");
    await expect(box.options).toHaveCount(expected.length);
    expect(asked).toContain("SearchBoxAutocomplete");
  });

  test("is a WAI-ARIA combobox whose attributes follow the list; a suggestion picked with the keyboard leads to its search page", async ({
    sharedPage: page,
    request,
  }) => {
    const term = "aut";
    const expected = await suggestions(request, term);
    const last = expected.length - 1;
    expect(last).toBeGreaterThan(1);

    await page.goto("/");
    const nav = await SearchBoxObject.nav(page);
    const input = nav.input;
    await expect(input).toHaveAttribute("aria-autocomplete", "list");
    await expect(input).toHaveAttribute("aria-expanded", "false");
    const listId = await input.getAttribute("aria-controls");
    expect(listId).toBeTruthy();
    await expect(page.locator(`[id="${listId}"]`)).toHaveAttribute("role", "listbox");

    // One character: no list.
    await input.click();
    await input.pressSequentially("a");
    await expect(input).toHaveAttribute("aria-expanded", "false");
    await input.pressSequentially("ut", { delay: 30 });
    await expect(input).toHaveAttribute("aria-expanded", "true");
    await expect(nav.options).toHaveCount(expected.length);
    await expect(input).not.toHaveAttribute("aria-activedescendant");
    await expect(nav.listbox.locator('[aria-selected="true"]')).toHaveCount(0);

    // Arrows move and wrap; Home and End jump.
    await input.press("ArrowUp");
    await nav.expectActive(last);
    await input.press("ArrowDown");
    await nav.expectActive(0);
    await input.press("ArrowDown");
    await nav.expectActive(1);
    await input.press("End");
    await nav.expectActive(last);
    await input.press("Home");
    await nav.expectActive(0);

    // The open combobox passes the automated accessibility checks.
    await expectNoAxeViolations(page, "the open search suggestions", {
      include: ['[data-testid="nav-search"]', '[data-testid="nav-search-suggestions"]'],
    });

    // Escape closes; a second Escape clears.
    await input.press("Escape");
    await expect(input).toHaveAttribute("aria-expanded", "false");
    await expect(input).not.toHaveAttribute("aria-activedescendant");
    await expect(input).toHaveValue(term);
    // Clicking the input re-opens the list.
    await input.click();
    await expect(input).toHaveAttribute("aria-expanded", "true");
    await input.press("Escape");
    await input.press("Escape");
    await expect(input).toHaveValue("");

    // A click outside closes; the clear button empties the box.
    await nav.type(term, expected.length);
    await page.getByRole("main").click({ position: { x: 5, y: 5 } });
    await expect(input).toHaveAttribute("aria-expanded", "false");
    await input.click();
    await expect(input).toHaveAttribute("aria-expanded", "true");
    await nav.clearButton.click();
    await expect(input).toHaveValue("");
    await expect(input).toHaveAttribute("aria-expanded", "false");

    // Nothing found.
    await nav.type("zqxnothing", 0);
    await expect(nav.popup).toContainText("No matches found. Try another search term.");

    // A disease suggestion picked with the keyboard lands on its search page (no protein mapping joins
    // this list).
    expect(await proteinGenes(request, term)).toEqual([]);
    const target = expected.findIndex((s) => s.entityType === "disease");
    expect(target).toBeGreaterThanOrEqual(0);
    await nav.clearButton.click();
    await expect(input).toHaveValue("");
    await nav.type(term, expected.length);
    expect(await nav.optionSummaries()).toEqual(expected.map((s) => `${s.text}|${s.type}`));
    for (let i = 0; i <= target; i++) await nav.input.press("ArrowDown");
    await nav.expectActive(target);
    await nav.input.press("Enter");

    const chosen = expected[target]!.text;
    await page.waitForURL(
      (url) => url.pathname === "/disease-search" && url.searchParams.get("q") === chosen,
    );
    const ds = DetailSearchPage.disease(page);
    await expect(page.getByRole("heading", { level: 1, name: "Disease Search" })).toBeVisible();
    await expect(ds.searchInput).toHaveValue(chosen);
    await expect(ds.cards.first()).toBeVisible();
    // The navigation box is emptied and closed.
    await expect(nav.input).toHaveValue("");
    await expect(nav.input).toHaveAttribute("aria-expanded", "false");
  });

  test("a protein name that is not a gene symbol leads to its gene", async ({
    sharedPage: page,
    request,
  }) => {
    const protein = await proteinAlias(request);
    await page.goto("/");
    const nav = await SearchBoxObject.nav(page);
    await nav.type(protein.alias, protein.options.length);
    await expect(nav.proteinStatus).toHaveText(protein.status);
    expect(await nav.optionSummaries()).toEqual(protein.options);

    // A submit searches the term itself; the gene search adds the protein lookup's genes to its matches.
    await nav.input.press("Enter");
    await page.waitForURL(
      (url) => url.pathname === "/gene-search" && url.searchParams.get("q") === protein.alias,
    );
    const gs = new GeneSearchPage(page);
    await expect(nav.input).toHaveValue("");
    const search = await request.get(`/api/gene/search?q=${encodeURIComponent(protein.alias)}&pageSize=10`);
    const body = (await search.json()) as {
      data: { HumanName: string; protein_derived: boolean }[];
      pagination: { total: number };
      protein_lookup: { genes: string[]; total: number } | null;
    };
    // The page shows the server's list, in its order, with the count it states.
    await expect(gs.cards).toHaveCount(body.data.length);
    expect(await gs.cards.evaluateAll((cards) => cards.map((c) => c.getAttribute("data-gene")))).toEqual(
      body.data.map((g) => g.HumanName),
    );
    await expect(page.getByTestId("results-count")).toContainText(`${body.pagination.total} gene`);
    for (const symbol of protein.genes.slice(0, 10))
      if (body.data.some((g) => g.HumanName === symbol)) await expect(gs.card(symbol)).toBeVisible();
    expect(body.protein_lookup?.genes).toEqual(protein.genes.slice(0, 100));
    await expect(page.getByTestId("protein-status")).toContainText(
      `Protein name “${protein.alias}” also matches`,
    );
    // Genes only the lookup found carry the tag.
    for (const [i, gene] of body.data.entries())
      await expect(gs.cards.nth(i).getByTestId("protein-name-tag")).toHaveCount(gene.protein_derived ? 1 : 0);

    // A term that maps to nothing runs the same search, without a protein line.
    await gs.goto("zqx-none");
    await expect(page.getByTestId("results-count")).toContainText("No genes found");
    await expect(page.getByTestId("protein-status")).toHaveCount(0);
  });

  test("a disease picked by name reloads its page; its HDOID pages the consensus genes; a disease view (results page, card, tab, mode, gene page) survives a reload", async ({
    sharedPage: page,
    request,
  }) => {
    const term = "autism spectrum";
    const expected = await suggestions(request, term, "disease");
    const disease = expected[0]!;
    const hdoid = disease.description!;
    expect(hdoid).toMatch(/^DOID:/);

    const ds = DetailSearchPage.disease(page);
    await ds.goto();
    const box = SearchBoxObject.onPage(page, "disease-search-box");
    await box.type(term, expected.length);
    // Already on the disease page: a full page load.
    await page.evaluate(() => {
      (window as unknown as { beforePick: boolean }).beforePick = true;
    });
    await box.options.first().click();
    await page.waitForURL((url) => url.searchParams.get("q") === disease.text);
    await expect(ds.card(hdoid)).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { beforePick?: boolean }).beforePick),
    ).toBeUndefined();

    await ds.searchInput.fill(hdoid);
    await ds.searchInput.press("Enter");
    await expect(page.getByTestId("results-count")).toHaveText(`1 disease found for “${hdoid}”`);
    const page2 = await request.get(
      `/api/disease/genes/filter?hdoid=${encodeURIComponent(hdoid)}&page=2&pageSize=20&mode=consensus`,
    );
    const body = (await page2.json()) as {
      data: { humanName: string }[];
      pagination: { totalPages: number };
    };
    expect(body.pagination.totalPages).toBeGreaterThan(1);
    const card = await ds.expand(hdoid);
    const panel = card.getByTestId("panel-genes");
    await expect(panel.getByTestId("genes-mode")).toHaveValue("consensus");
    await ds.goToPage(panel, "genes", 2);
    await expect(panel.getByTestId("genes-summary")).toContainText(`page 2 of ${body.pagination.totalPages}`);
    await expect(panel.getByTestId("gene-link").first()).toHaveText(body.data[0]!.humanName);

    // From there, a disease view (results page, card, tab, mode, gene page) survives a reload.
    {
      const term = "disease";
      const results = await request.get(`/api/disease/search?q=${term}&page=2&pageSize=10`);
      const { data, pagination } = (await results.json()) as {
        data: { hdoid: string; gene_count: number }[];
        pagination: { totalPages: number };
      };
      expect(pagination.totalPages).toBeGreaterThan(1);
      const disease = data.find((d) => d.gene_count > 20);
      expect(disease).toBeDefined();
      const hdoid = disease!.hdoid;

      await ds.searchInput.fill(term);
      await ds.searchInput.press("Enter");
      await page
        .getByTestId("results-pager-top")
        .getByRole("button", { name: "Page 2", exact: true })
        .click();
      const card = await ds.expand(hdoid);
      const panel = card.getByTestId("panel-genes");
      await panel.getByTestId("genes-mode").selectOption("all");
      await ds.goToPage(panel, "genes", 2);
      const summary = panel.getByTestId("genes-summary");
      await expect(summary).toContainText("page 2 of");
      const firstGene = await panel.getByTestId("gene-link").first().textContent();
      const url = page.url();
      expect(new URL(url).searchParams.get("page")).toBe("2");
      expect(new URL(url).searchParams.get("open")).toBe(hdoid);

      // The same address in a fresh page gives the same view.
      await page.goto("about:blank");
      await page.goto(url);
      const again = ds.card(hdoid);
      await expect(ds.toggle(again)).toHaveAttribute("aria-expanded", "true");
      await expect(again.getByTestId("tab-genes")).toHaveAttribute("aria-selected", "true");
      await expect(again.getByTestId("genes-mode")).toHaveValue("all");
      await expect(again.getByTestId("genes-summary")).toContainText("page 2 of");
      await expect(again.getByTestId("gene-link").first()).toHaveText(firstGene ?? "");
      await expect(page.getByTestId("results-count")).toContainText(`page 2 of ${pagination.totalPages}`);
    }
  });
});

test.describe("Deep links", () => {
  test("a paper opened by PMID with a localisation filter survives a reload", async ({
    sharedPage: page,
    request,
  }) => {
    // A study whose genes come from two or more localisations.
    const papers = await api<{ PMID: number; total_genes_count: number }[]>(
      request,
      "/api/paper/search?q=2006&pageSize=10",
    );
    let chosen: { pmid: number; localisation: string; first: string } | undefined;
    for (const paper of papers.filter((p) => p.total_genes_count > 0)) {
      const response = await request.get(`/api/paper/genes/filter?pmid=${paper.PMID}&page=1&pageSize=20`);
      const { available_localizations: localisations } = (await response.json()) as {
        available_localizations: string[];
      };
      if (localisations.length < 2) continue;
      const localisation = localisations[localisations.length - 1]!;
      const filtered = await request.get(
        `/api/paper/genes/filter?pmid=${paper.PMID}&page=1&pageSize=20&mode=consensus&localization=${localisation}`,
      );
      const rows = ((await filtered.json()) as { data: { human_name: string }[] }).data;
      chosen = { pmid: paper.PMID, localisation, first: rows[0]!.human_name };
      break;
    }
    expect(chosen).toBeDefined();
    const { pmid, localisation, first } = chosen!;

    // Open it by PMID through the suggestions (keyboard).
    const ps = DetailSearchPage.paper(page);
    await ps.goto();
    const prefix = String(pmid).slice(0, 6);
    const expected = await suggestions(request, prefix, "paper");
    const index = expected.findIndex((s) => s.text === String(pmid));
    expect(index).toBeGreaterThanOrEqual(0);
    const box = SearchBoxObject.onPage(page, "paper-search-box");
    await box.type(prefix, expected.length);
    for (let i = 0; i <= index; i++) await box.input.press("ArrowDown");
    await box.expectActive(index);
    await box.input.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === String(pmid));

    const card = await ps.expand(pmid);
    const panel = card.getByTestId("panel-genes");
    await panel.getByTestId("genes-localization").selectOption(localisation);
    await expect(page).toHaveURL(new RegExp(`gloc=${localisation}`));
    await expect(panel.getByTestId("gene-link").first()).toHaveText(first);

    await page.reload();
    await expect(ps.toggle(ps.card(pmid))).toHaveAttribute("aria-expanded", "true");
    await expect(panel.getByTestId("genes-localization")).toHaveValue(localisation);
    await expect(panel.getByTestId("gene-link").first()).toHaveText(first);
  });
});

for (const width of [1366, 390] as const) {
  test.describe(`search screenshots at ${width}px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } });

    test("navigation box with protein suggestions, and the gene page's protein message", async ({
      sharedPage: page,
      request,
    }) => {
      const protein = await proteinAlias(request);
      await page.goto("/");
      const nav = await SearchBoxObject.nav(page);
      await nav.type(protein.alias, protein.options.length);
      await expect(nav.options.last()).toContainText(protein.options.at(-1)!.split("|")[1]!);
      await nav.input.press("ArrowDown");
      await nav.expectActive(0);
      await reviewShot(page, `search-nav-suggestions-${width}`);

      const gs = new GeneSearchPage(page);
      await gs.goto(protein.alias);
      await expect(page.getByTestId("protein-status")).toContainText(
        `Protein name “${protein.alias}” also matches`,
      );
      await expect(gs.card(protein.genes[0]!)).toBeVisible();
      await reviewShot(page, `search-gene-protein-${width}`);

      // The gene page's own box: gene names in italics.
      const term = "SHANK";
      const expected = await suggestions(request, term, "gene");
      const extra = (await proteinGenes(request, term)).filter(
        (g) => !expected.some((s) => s.entityType === "gene" && s.text.toUpperCase() === g.toUpperCase()),
      );
      const box = SearchBoxObject.onPage(page, "gene-search-box");
      await box.input.fill("");
      await box.type(term, expected.length + extra.length);
      const geneName = box.options.filter({ hasText: "Gene Name" }).first().locator(".suggest-text");
      await expect(geneName).toHaveCSS("font-style", "italic");
      await reviewShot(page, `search-gene-suggestions-${width}`);
    });
  });
}
