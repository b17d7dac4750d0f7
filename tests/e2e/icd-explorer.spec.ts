import { type Page } from "@playwright/test";
import { formatInheritance } from "../../web/src/lib/format";
import {
  type ApiChapter,
  type ApiChapterDetail,
  apiChapter,
  apiChapters,
  IcdExplorerPage,
} from "./support/icd-explorer.page";
import { expect, test } from "./support/shared-page";
import { reviewShot } from "./support/visual";

/*
 * Expected values come from the REST API of the same gateway; the rules (the featured-chapter rule and
 * the dialog search of spec 2 §5) are re-derived here independently of the web code.
 */

/** disease_count >= 5, gene_count >= 5, numeric chapter, by gene_count descending: the first four. */
function topChapters(chapters: ApiChapter[]): ApiChapter[] {
  return chapters
    .filter((c) => c.disease_count >= 5 && c.gene_count >= 5 && /^\d+$/.test(c.chapter))
    .sort((a, b) => b.gene_count - a.gene_count || a.chapter.localeCompare(b.chapter))
    .slice(0, 4);
}

function expectedSearch(detail: ApiChapterDetail, raw: string) {
  const term = raw.trim().toLowerCase();
  const has = (value: unknown) =>
    value !== null && value !== undefined && String(value).toLowerCase().includes(term);
  const genes = new Set<string>();
  const hits: boolean[] = []; // per listed disease: does it contain matching genes?
  const listed: ApiChapterDetail["diseases"] = [];
  for (const d of detail.diseases) {
    const matching = d.genes.filter(
      (g) => has(g.gene_name) || has(g.entrez_id) || has(g.full_name) || g.alias.some(has) || has(g.location),
    );
    for (const g of matching) genes.add(g.gene_name);
    if (
      matching.length > 0 ||
      has(d.name) ||
      has(d.omim_id) ||
      has(d.description) ||
      has(formatInheritance(d.inheritance)) || // the code, spelled out ('Mitochondrial (Mi)')
      has(d.icd_code)
    ) {
      hits.push(matching.length > 0);
      listed.push(d);
    }
  }
  return {
    diseases: hits.length,
    /** Cards flagged '• contains matching genes' on the first page. */
    flaggedShown: hits.slice(0, PAGE).filter(Boolean).length,
    genes: [...genes].sort((a, b) => a.localeCompare(b)),
    /** The listed diseases, in the API's order. */
    listed,
  };
}

const count = (n: number) => n.toLocaleString("en-US");
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A count with its noun in the singular or plural, as the screens write it. */
const countOf = (n: number, noun: string) => `${count(n)} ${n === 1 ? noun : `${noun}s`}`;
/** The dialog shows diseases twenty a page. */
const PAGE = 20;
const shown = (n: number) => Math.min(PAGE, n);

test.describe("ICD-11 classification explorer", () => {
  test("charts every API chapter in two series and features the top four chapters by the rule; a bar opens its chapter's dialog, whose search narrows diseases and genes with the right summary and chips", async ({
    sharedPage: page,
    request,
  }) => {
    const chapters = await apiChapters(request);
    const icd = new IcdExplorerPage(page);
    await icd.goto();
    await expect(page).toHaveTitle(/International Classification of Diseases/);
    await expect(page.getByText("Synaptopathies Across Body Systems")).toBeVisible();

    await expect(icd.bars("genes")).toHaveCount(chapters.length);
    await expect(icd.bars("diseases")).toHaveCount(chapters.length);
    const top = topChapters(chapters);
    expect(top).toHaveLength(4);
    const first = top[0]!;
    // Bars follow the API's chapter order; hovering one shows its chapter and value.
    const index = chapters.findIndex((c) => c.chapter === first.chapter);
    const tooltip = page.getByTestId("icd-chart").locator(".icd-chart-tooltip");
    await icd.bars("genes").nth(index).hover();
    await expect(tooltip).toContainText(`Chapter ${first.chapter}: ${first.name}`);
    await expect(tooltip).toContainText(`Genes: ${count(first.gene_count)}`);
    await icd.bars("diseases").nth(index).hover();
    await expect(tooltip).toContainText(`Diseases: ${count(first.disease_count)}`);

    await expect(icd.featured).toHaveCount(4);
    for (const [index, chapter] of top.entries()) {
      const card = icd.featured.nth(index);
      await expect(card).toHaveAttribute("data-chapter", chapter.chapter);
      await expect(card).toContainText(chapter.name);
      await expect(card).toContainText(`${count(chapter.gene_count)} genes`);
      await expect(card).toContainText(`${count(chapter.disease_count)} diseases`);
    }

    // 'View All Chapters' scrolls to the grid of every chapter.
    await expect(icd.allChapters).toHaveCount(chapters.length);
    await expect(icd.allChapters.last()).not.toBeInViewport();
    await page.getByTestId("view-all-chapters").click();
    await expect(page.getByRole("heading", { level: 2, name: "All chapters" })).toBeInViewport();

    // Clicking a bar opens that chapter's dialog and keeps it in ?chapter=.
    await icd.bars("genes").nth(index).click();
    await icd.expectDialogFor(first);
    await expect(page).toHaveURL(new RegExp(`[?&]chapter=${first.chapter}(&|$)`));

    // The dialog search narrows diseases and genes with the right summary and chips.
    const detail = await apiChapter(request, first.chapter);
    await expect(icd.diseases).toHaveCount(shown(detail.diseases.length));

    // A broad term, typed with spaces and capitals: more than ten genes, so '+K more' shows.
    const broad = "  CHANNEL ";
    const wide = expectedSearch(detail, broad);
    expect(wide.genes.length).toBeGreaterThan(10);
    await icd.search.fill(broad);
    await expect(icd.dialog.getByTestId("chapter-search-count")).toHaveText(
      `Found ${countOf(wide.diseases, "disease")} and ${countOf(wide.genes.length, "gene")} matching “CHANNEL”`,
    );
    await expect(icd.dialog.getByTestId("matching-gene-chip")).toHaveText(wide.genes.slice(0, 10));
    await expect(icd.dialog.getByTestId("matching-gene-more")).toHaveText(`+${wide.genes.length - 10} more`);
    await expect(icd.diseases).toHaveCount(shown(wide.diseases));
    await expect(icd.dialog.getByText("• contains matching genes")).toHaveCount(wide.flaggedShown);

    // One gene symbol: fewer diseases, its chip, no '+K more'.
    const symbol = detail.diseases.find((d) => d.genes.length > 0)!.genes[0]!.gene_name;
    const narrow = expectedSearch(detail, symbol);
    expect(narrow.genes).toContain(symbol);
    await icd.search.fill(symbol);
    await expect(icd.dialog.getByTestId("chapter-search-count")).toHaveText(
      `Found ${countOf(narrow.diseases, "disease")} and ${countOf(narrow.genes.length, "gene")} matching “${symbol}”`,
    );
    await expect(icd.dialog.getByTestId("matching-gene-chip")).toHaveText(narrow.genes.slice(0, 10));
    await expect(icd.dialog.getByTestId("matching-gene-more")).toHaveCount(narrow.genes.length > 10 ? 1 : 0);
    await expect(icd.diseases).toHaveCount(shown(narrow.diseases));

    // An expanded card lists its genes, linking to the gene pages and to NCBI Gene.
    const card = icd.diseases.first();
    await card.getByTestId("chapter-disease-toggle").click();
    await expect(card.getByTestId("chapter-disease-toggle")).toHaveAttribute("aria-expanded", "true");
    const geneLink = card.getByTestId("chapter-gene-link").filter({ hasText: new RegExp(`^${symbol}$`) });
    await expect(geneLink).toHaveAttribute("href", `/gene/${encodeURIComponent(symbol)}`);
    await expect(card.getByRole("link", { name: /NCBI Gene/ }).first()).toHaveAttribute(
      "href",
      /^https:\/\/www\.ncbi\.nlm\.nih\.gov\/gene\/\d+$/,
    );
    // A disease without an OMIM id (it still belongs to its chapter) shows no OMIM link.
    const firstListed = narrow.listed[0]!;
    if (firstListed.omim_id === null) await expect(card.getByRole("link", { name: /^OMIM/ })).toHaveCount(0);
    else
      await expect(card.getByRole("link", { name: /^OMIM \d+/ })).toHaveAttribute(
        "href",
        `https://www.omim.org/entry/${firstListed.omim_id}`,
      );

    // The clear button empties the search and lists every disease again.
    await icd.dialog.getByTestId("chapter-search-clear").click();
    await expect(icd.search).toHaveValue("");
    await expect(icd.dialog.getByTestId("chapter-search-summary")).toHaveCount(0);
    await expect(icd.diseases).toHaveCount(shown(detail.diseases.length));
  });

  test("the chart is drawn at its box's height in every frame as the layout flips across 720 px", async ({
    sharedPage: page,
  }) => {
    // A phone's layout draws the chart taller (one row per chapter) than a laptop's 440 px card. Each
    // frame in which the box is laid out is recorded (a ResizeObserver runs after layout, before the
    // paint): on a busy machine such a frame stays on screen, and a screenshot takes it.
    await page.setViewportSize({ width: 390, height: 844 });
    const icd = new IcdExplorerPage(page);
    await icd.goto();
    await expect(icd.bars("genes")).not.toHaveCount(0);
    await page.evaluate(() => {
      const box = document.querySelector<HTMLElement>('[data-testid="icd-chart"]')!;
      const frames: { box: number; drawn: number; coversCaption: boolean }[] = [];
      Object.assign(window, { chartFrames: frames });
      new ResizeObserver(() => {
        const drawn = box.querySelector("svg")!.getBoundingClientRect();
        const caption = document.querySelector('[data-testid="icd-chart-caption"]')!.getBoundingClientRect();
        frames.push({
          box: box.getBoundingClientRect().height,
          drawn: drawn.height,
          coversCaption: drawn.bottom > caption.top,
        });
      }).observe(box);
    });
    const frames = () => page.evaluate(() => (window as unknown as { chartFrames: unknown[] }).chartFrames);
    // The observer's first report (the phone's layout) before the first flip: on a fast machine the
    // flip came before it, and the two frames were one.
    await expect.poll(async () => (await frames()).length).toBeGreaterThan(0);
    const chart = page.getByTestId("icd-chart");
    for (const [width, height] of [
      [1366, 440],
      [390, null],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      if (height) await expect(chart).toHaveCSS("height", `${height}px`);
      else await expect(chart).not.toHaveCSS("height", "440px");
      const box = await chart.boundingBox();
      await expect
        .poll(async () => (await chart.locator("svg").first().boundingBox())?.height)
        .toBe(box?.height);
    }
    const recorded = (await frames()) as { box: number; drawn: number; coversCaption: boolean }[];
    expect(recorded.length).toBeGreaterThanOrEqual(3);
    expect(recorded.filter((f) => f.drawn !== f.box || f.coversCaption)).toEqual([]);
  });

  test("arriving with ?chapter= opens that chapter's dialog; another chapter's Download CSV saves its file under the server's name", async ({
    sharedPage: page,
    request,
  }) => {
    const chapters = await apiChapters(request);
    const chapter = topChapters(chapters)[1]!;
    const detail = await apiChapter(request, chapter.chapter);
    const icd = new IcdExplorerPage(page);
    await icd.goto(`?chapter=${chapter.chapter}`);
    await icd.expectDialogFor(chapter);
    await expect(icd.dialog.getByTestId("dialog-specific-chapter")).toHaveText(detail.specific_chapter);
    await expect(icd.dialog.getByRole("button", { name: "Close chapter details" })).toBeFocused();
    // More than a page of diseases: twenty a page, in the API's order, the pager moves on.
    const n = detail.diseases.length;
    expect(n).toBeGreaterThan(PAGE);
    await expect(icd.diseases).toHaveCount(PAGE);
    await expect(icd.dialog.getByTestId("chapter-disease-shown")).toHaveText(
      `Showing 1 to ${PAGE} of ${countOf(n, "disease")}`,
    );
    const names = icd.dialog.getByTestId("chapter-disease-name");
    await expect(names.first()).toHaveText(new RegExp(`^${escapeRegExp(detail.diseases[0]!.name)}$`, "i"));
    await icd.dialog.getByTestId("chapter-pager").getByRole("button", { name: "Next page" }).click();
    await expect(icd.dialog.getByTestId("chapter-disease-shown")).toHaveText(
      `Showing ${PAGE + 1} to ${Math.min(2 * PAGE, n)} of ${countOf(n, "disease")}`,
    );
    await expect(names.first()).toHaveText(new RegExp(`^${escapeRegExp(detail.diseases[PAGE]!.name)}$`, "i"));
    // Download CSV saves the chapter file under the server's name.
    const csvChapter = topChapters(chapters)[3]!;
    const csvUrl = `/api/disease-classifications/chapter/${csvChapter.chapter}/csv`;
    const head = await request.get(csvUrl);
    expect(head.ok()).toBe(true);
    const disposition = head.headers()["content-disposition"] ?? "";
    const expectedName = /filename="?([^";]+)"?/.exec(disposition)?.[1];
    expect(expectedName).toMatch(new RegExp(`chapter.*${csvChapter.chapter}.*\\.csv$`));

    // Closed, and another chapter opened from the grid of all chapters.
    await icd.dialog.getByTestId("dialog-close").click();
    await expect(icd.dialog).toBeHidden();
    await page.locator(`[data-testid="chapter-card"][data-chapter="${csvChapter.chapter}"] button`).click();
    await icd.expectDialogFor(csvChapter);
    const button = icd.dialog.getByTestId("chapter-csv");
    await expect(button).toHaveAttribute("data-url", csvUrl);
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toBe(expectedName);
    await expect(button).toHaveText("Success!");
  });

  test("arriving with router state {selectedChapter} opens the dialog and puts the chapter in the URL", async ({
    sharedPage: page,
    request,
  }) => {
    const chapter = topChapters(await apiChapters(request))[2]!;
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1, name: "Frequently Asked Questions" })).toBeVisible();
    // What a <Link state={{ selectedChapter }}> does: push a history entry carrying the state.
    await page.evaluate((selected) => {
      const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      window.history.pushState(
        { usr: { selectedChapter: selected }, key: "e2e", idx },
        "",
        "/disease-classifications",
      );
      window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
    }, Number(chapter.chapter));
    const icd = new IcdExplorerPage(page);
    await icd.expectDialogFor(chapter);
    await expect(page).toHaveURL(new RegExp(`/disease-classifications\\?chapter=${chapter.chapter}$`));
  });

  test("the chapter's page keeps its search and page in the address", async ({
    sharedPage: page,
    request,
  }) => {
    const detail = await apiChapter(request, "08");
    const n = detail.diseases.length;
    await page.goto("/icd-chapter/08");
    const chapterPage = page.getByTestId("chapter-page");
    const shownText = chapterPage.getByTestId("chapter-disease-shown");
    await expect(chapterPage.getByTestId("chapter-disease")).toHaveCount(PAGE);
    await chapterPage.getByTestId("chapter-pager").getByRole("button", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/icd-chapter\/08\?page=2$/);
    await expect(shownText).toHaveText(`Showing ${PAGE + 1} to ${2 * PAGE} of ${countOf(n, "disease")}`);

    // Typing searches after a pause and goes back to the first page.
    const term = "scn";
    const expected = expectedSearch(detail, term);
    await chapterPage.getByTestId("chapter-search").fill(term);
    await expect(page).toHaveURL(/\/icd-chapter\/08\?q=scn$/);
    const summary = `Found ${countOf(expected.diseases, "disease")} and ${countOf(expected.genes.length, "gene")} matching “${term}”`;
    await expect(chapterPage.getByTestId("chapter-search-count")).toHaveText(summary);
    await expect(chapterPage.getByTestId("chapter-disease")).toHaveCount(shown(expected.diseases));

    // The address alone gives the same view (the server renders it).
    await page.reload();
    await expect(chapterPage.getByTestId("chapter-search")).toHaveValue(term);
    await expect(chapterPage.getByTestId("chapter-search-count")).toHaveText(summary);
  });

  test("closing clears the selection and the search; the backdrop closes too", async ({
    sharedPage: page,
    request,
  }) => {
    const [a, b] = topChapters(await apiChapters(request));
    const icd = new IcdExplorerPage(page);
    await icd.goto(`?chapter=${a!.chapter}`);
    await icd.expectDialogFor(a!);
    await icd.search.fill("syndrome");
    await expect(icd.dialog.getByTestId("chapter-search-summary")).toBeVisible();

    await icd.dialog.getByTestId("dialog-close").click();
    await expect(icd.dialog).toBeHidden();
    await expect(page).not.toHaveURL(/chapter=/);

    // Reopening (another chapter, then the same one) starts with an empty search.
    await page.locator(`[data-testid="chapter-card"][data-chapter="${b!.chapter}"] button`).click();
    await icd.expectDialogFor(b!);
    await expect(icd.search).toHaveValue("");
    await expect(page).toHaveURL(new RegExp(`chapter=${b!.chapter}`));

    await page.mouse.click(4, 4); // the backdrop, outside the dialog box
    await expect(icd.dialog).toBeHidden();
    await expect(page).not.toHaveURL(/chapter=/);

    await page.locator(`[data-testid="featured-chapter"][data-chapter="${a!.chapter}"] button`).click();
    await icd.expectDialogFor(a!);
    await expect(icd.search).toHaveValue("");
    await expect(icd.dialog.getByTestId("chapter-search-summary")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(icd.dialog).toBeHidden();
    await expect(page).not.toHaveURL(/chapter=/);
  });
});

async function shoot(page: Page, name: string, fullPage: boolean) {
  await reviewShot(page, name, { fullPage });
}

for (const width of [1366, 390] as const) {
  test.describe(`ICD explorer screenshots at ${width}px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 844 } });

    test("explorer and chapter dialog", async ({ sharedPage: page, request }) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      const chapter = topChapters(await apiChapters(request))[0]!;
      const icd = new IcdExplorerPage(page);
      await icd.goto();
      await expect(icd.bars("genes")).not.toHaveCount(0);
      await shoot(page, `icd-explorer-${width}`, true);
      await page
        .locator(`[data-testid="featured-chapter"][data-chapter="${chapter.chapter}"] button`)
        .click();
      await icd.expectDialogFor(chapter);
      await icd.search.fill("epilep");
      await expect(icd.dialog.getByTestId("chapter-search-count")).toBeVisible();
      await icd.diseases.first().getByTestId("chapter-disease-toggle").click();
      await shoot(page, `icd-dialog-${width}`, false);
      expect(errors, "console errors on the page").toEqual([]);
    });
  });
}
