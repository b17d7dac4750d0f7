import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/shared-page";

/**
 * Issue 22, the rough edges: each one shown fixed in the browser at the widths it was reported at.
 */

const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Every route of the portal (the same list as the screenshot suite), with data-bearing addresses. */
const PAGES = [
  "/",
  "/gene-search?q=DLG4",
  "/disease-search?q=epilepsy",
  "/paper-search?q=2019",
  "/gene-table",
  "/disease-table",
  "/paper-table",
  "/synaptopathy-history",
  "/brain-region-protein-distribution",
  "/disease-classifications",
  "/synaptic-compartments",
  "/analyze",
  "/faq",
  "/documentation",
  "/SynapticERDiagram",
  "/publication",
  "/about",
  "/cookies-policy",
  "/api-counter-dashboard",
  "/data",
];

/** The page scrolls sideways: its content is wider than the viewport. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlap = (a: Rect, b: Rect) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;

/** Each tab lies wholly inside its tab row, its label not cut (no tab clipped, none out of view). */
async function expectTabsWhole(tablist: Locator) {
  const result = await tablist.evaluate((list) => {
    const row = list.getBoundingClientRect();
    return Array.from(list.querySelectorAll('[role="tab"]')).map((tab) => {
      const box = tab.getBoundingClientRect();
      const label = tab.querySelector(".tab-label") ?? tab;
      return {
        text: tab.textContent ?? "",
        inside: box.left >= row.left - 0.5 && box.right <= row.right + 0.5 && box.width > 0,
        cut: label.scrollWidth > label.clientWidth + 1 || tab.scrollWidth > tab.clientWidth + 1,
      };
    });
  });
  expect(result.length).toBeGreaterThan(1);
  for (const tab of result) {
    expect(tab.inside, `tab "${tab.text}" inside its row`).toBe(true);
    expect(tab.cut, `tab "${tab.text}" not cut`).toBe(false);
  }
}

test.describe("Rough edges (issue 22)", () => {
  test("a 500-character query: the box keeps 200, the page stays within the viewport, one message", async ({
    sharedPage: page,
  }) => {
    await page.setViewportSize(WIDE);
    const long = "x".repeat(500);
    await page.goto(`/gene-search?q=${long}`);
    await expect(page.getByTestId("results-count")).toBeVisible();
    await expect(page.getByTestId("results-count")).toContainText(`“${"x".repeat(200)}”`);
    await expect(page.getByTestId("results-count")).not.toContainText("x".repeat(201));
    expect(await pageWidth(page)).toBeLessThanOrEqual(WIDE.width);
    await expect(page.locator('[role="alert"]:visible, .error-text:visible')).toHaveCount(0);

    // The same page on a phone (the window narrowed, not a second load: the layout follows the width).
    await page.setViewportSize(PHONE);
    await expect(page.getByTestId("results-count")).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(WIDE);

    // Typing or pasting stops at the limit, in every search box of the page.
    const box = page.locator('input[type="search"]').first();
    await box.fill("");
    await box.pressSequentially("y".repeat(20));
    await box.fill(`${"z".repeat(500)}`);
    expect((await box.inputValue()).length).toBeLessThanOrEqual(200);
    for (const input of await page.locator('input[type="search"]').all())
      expect(await input.getAttribute("maxlength")).toBe("200");
  });

  test("an address over the server's limit gets the portal's 414 page, not JSON", async ({
    sharedPage: page,
  }) => {
    const response = await page.goto(`/gene-search?q=${"x".repeat(5000)}`);
    expect(response?.status()).toBe(414);
    expect(response?.headers()["content-type"]).toBe("text/html; charset=utf-8");
    await expect(page.getByRole("heading", { level: 1, name: "Address Too Long" })).toBeVisible();
    await expect(page).toHaveTitle(/Address Too Long/);
    // The portal's frame and styles: its navigation, and a styled (not default-serif) page.
    await expect(page.getByRole("navigation").first()).toBeVisible();
    await expect(page.locator("body")).not.toContainText('"success"');
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("no placeholder content on any page", async ({ sharedPage: page }) => {
    test.setTimeout(180_000);
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.locator("main h1").first()).toBeVisible();
      const html = await page.content();
      for (const fake of ["example.org", "placeholder-doi", "Team member", "to be configured"])
        expect(html.toLowerCase(), `${path} shows "${fake}"`).not.toContain(fake.toLowerCase());
    }
  });

  // At each width, one visit: the FAQ's and SHANK3's tab rows, then SHANK3's network tab.
  for (const viewport of [WIDE, PHONE]) {
    test(`at ${viewport.width}px: tab rows show every tab whole; SHANK3's network: labels do not overlap, the graph fills its canvas, zoom and pan`, async ({
      sharedPage: page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/faq");
      const faqTabs = page.getByRole("tablist").first();
      await expect(faqTabs.getByRole("tab")).toHaveCount(8);
      await expectTabsWhole(faqTabs);

      await page.goto("/gene-search?q=SHANK3");
      const card = page.locator('[data-testid="gene-card"][data-gene="SHANK3"]');
      await card.getByTestId("gene-card-toggle").click();
      const geneTabs = card.getByRole("tablist");
      await expect(geneTabs.getByTestId("tab-network")).toBeVisible();
      await expectTabsWhole(geneTabs);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);

      await card.getByTestId("tab-network").click();
      const panel = card.getByTestId("panel-network");
      const svg = panel.getByTestId("network-svg");
      await expect(panel.getByTestId("network-node").first()).toBeVisible();

      const labels = await panel.getByTestId("network-label").evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { gene: el.getAttribute("data-gene"), x: r.x, y: r.y, width: r.width, height: r.height };
        }),
      );
      const nodeCount = await panel.getByTestId("network-node").count();
      expect(labels.length).toBeGreaterThan(Math.min(8, nodeCount - 1));
      expect(labels.map((l) => l.gene)).toContain("SHANK3");
      for (let i = 0; i < labels.length; i++)
        for (let j = i + 1; j < labels.length; j++)
          expect(overlap(labels[i]!, labels[j]!), `${labels[i]!.gene} and ${labels[j]!.gene} overlap`).toBe(
            false,
          );
      // No label covers a node's shape either.
      const shapes = await panel
        .locator('[data-testid="network-node"] > circle, [data-testid="network-node"] > rect')
        .evaluateAll((els) =>
          els.map((el) => {
            const r = el.getBoundingClientRect();
            return { x: r.x, y: r.y, width: r.width, height: r.height };
          }),
        );
      for (const label of labels)
        for (const shape of shapes) expect(overlap(label, shape), `${label.gene} covers a node`).toBe(false);

      // The graph spans most of its canvas, both ways, and stays inside it.
      const canvas = (await svg.boundingBox())!;
      const xs = shapes.map((s) => s.x + s.width / 2);
      const ys = shapes.map((s) => s.y + s.height / 2);
      expect((Math.max(...xs) - Math.min(...xs)) / canvas.width).toBeGreaterThan(0.7);
      expect((Math.max(...ys) - Math.min(...ys)) / canvas.height).toBeGreaterThan(0.7);
      for (const label of labels) {
        expect(label.x).toBeGreaterThanOrEqual(canvas.x - 0.5);
        expect(label.x + label.width).toBeLessThanOrEqual(canvas.x + canvas.width + 0.5);
      }

      // The table is beside the drawing at 1366 px, below it on a phone.
      const table = (await panel.getByTestId("network-edge-table").boundingBox())!;
      if (viewport === WIDE) expect(table.x).toBeGreaterThanOrEqual(canvas.x + canvas.width);
      else expect(table.y).toBeGreaterThanOrEqual(canvas.y + canvas.height);

      // Zoom in with the button, then with Ctrl + wheel; drag pans; Reset goes back.
      const viewport0 = await panel.getByTestId("network-viewport").getAttribute("transform");
      await panel.getByRole("button", { name: "Zoom in" }).click();
      await expect(panel.locator(".network-canvas")).toHaveAttribute("data-zoom", "1.40");
      await svg.hover();
      // A plain wheel scrolls the page, never the drawing; Ctrl + wheel zooms about the pointer.
      await page.mouse.wheel(0, -200);
      await page.waitForTimeout(200);
      await expect(panel.locator(".network-canvas")).toHaveAttribute("data-zoom", "1.40");
      await svg.scrollIntoViewIfNeeded();
      await svg.hover();
      await page.keyboard.down("Control");
      await page.mouse.wheel(0, -200);
      await page.keyboard.up("Control");
      await expect
        .poll(async () => Number(await panel.locator(".network-canvas").getAttribute("data-zoom")))
        .toBeGreaterThan(1.4);
      const zoomed = await panel.getByTestId("network-viewport").getAttribute("transform");
      const box = (await svg.boundingBox())!;
      await page.mouse.move(box.x + 20, box.y + box.height - 20);
      await page.mouse.down();
      await page.mouse.move(box.x + 120, box.y + box.height - 60, { steps: 5 });
      await page.mouse.up();
      const panned = await panel.getByTestId("network-viewport").getAttribute("transform");
      expect(panned).not.toBe(zoomed);
      await panel.getByRole("button", { name: "Reset" }).click();
      await expect(panel.getByTestId("network-viewport")).toHaveAttribute("transform", viewport0!);
    });
  }

  test("counts are written with their singular: '1 gene', '1 disease'", async ({ sharedPage: page }) => {
    // A gene search with one result: "1 gene found", not "1 genes found".
    await page.goto("/gene-search?q=SHANK3");
    await expect(page.getByTestId("results-count")).toHaveText(/^1 gene found for “SHANK3”/);
    // A disease search with one result (its own DOID), as the API counts it.
    const answer = await page.request.get("/api/disease/search?q=DOID:0060041");
    const body = (await answer.json()) as { data: { hdoid: string }[]; pagination: { total: number } };
    expect(body.pagination.total).toBe(1);
    await page.goto("/disease-search?q=DOID:0060041");
    await expect(page.getByTestId("results-count")).toHaveText(/^1 disease found for “DOID:0060041”/);
    // A listed chapter's dialog: a disease's gene count says "1 gene" or "N genes", never "1 genes".
    const chapters = (await (await page.request.get("/api/disease-classifications")).json()) as {
      data: { chapter: string }[];
    };
    const chapter = chapters.data.at(-1)!.chapter;
    await page.goto(`/disease-classifications?chapter=${chapter}`);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("chapter-disease-gene-count").first()).toBeVisible();
    for (const text of await dialog.getByTestId("chapter-disease-gene-count").allTextContents())
      expect(text.trim()).toMatch(/^(1 gene|(?!1 )[\d,]+ genes)$/);
    // The dialog's search for a disease name no other disease of the chapter contains: "Found 1 disease".
    const detail = (await (
      await page.request.get(`/api/disease-classifications/chapter/${chapter}`)
    ).json()) as { data: { diseases: { name: string }[] } };
    const names = detail.data.diseases.map((d) => d.name.toLowerCase());
    const unique = names.find((n) => names.filter((other) => other.includes(n)).length === 1);
    expect(unique).toBeDefined();
    await dialog.getByTestId("chapter-search").fill(unique!);
    await expect(dialog.getByTestId("chapter-search-count")).toHaveText(/^Found 1 disease and /);
  });

  test("a study name breaks at underscores, never mid-word", async ({ sharedPage: page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/paper-search?q=SYNAPTOSOME");
    const names = page.locator("wbr");
    await expect(names.first()).toBeAttached();
    // Every line break inside a highlighted identifier falls right after an underscore.
    const breaks = await page.evaluate(() => {
      const bad: string[] = [];
      for (const wbr of Array.from(document.querySelectorAll("wbr"))) {
        const prev = wbr.previousSibling?.textContent ?? "";
        if (!prev.endsWith("_")) bad.push(prev);
      }
      return bad;
    });
    expect(breaks).toEqual([]);
  });

  test("an unknown route answers 404 with the Page Not Found screen, server-rendered", async ({
    sharedPage: page,
  }) => {
    const response = await page.goto("/no-such-page/here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expect(page).toHaveTitle("Page Not Found");
    await expect(page.getByTestId("not-found")).toContainText("/no-such-page/here");
    const html = await response!.text();
    expect(html).toContain('data-testid="not-found"');
    // A known route keeps its 200 (the gateway's answer to a browser's request for the page).
    expect((await page.request.get("/faq", { headers: { accept: "text/html" } })).status()).toBe(200);
  });

  test("on a phone the API dashboard's 'Last called' column is visible", async ({ sharedPage: page }) => {
    await page.setViewportSize(PHONE);
    await page.request.get("/api/gene/search?q=DLG4");
    await page.goto("/api-counter-dashboard");
    const table = page.getByTestId("usage-table");
    await expect(table.locator("tbody tr").first()).toBeVisible();
    const header = table.getByRole("columnheader", { name: "Last Called" });
    await header.scrollIntoViewIfNeeded();
    await expect(header).toBeInViewport({ ratio: 1 });
    const cell = table.locator("tbody tr").first().locator("td").last();
    await cell.scrollIntoViewIfNeeded();
    await expect(cell).toBeInViewport({ ratio: 1 });
    // Nothing of the table is scrolled out of its frame sideways.
    expect(await table.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(
      true,
    );
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });
});
