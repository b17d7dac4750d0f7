import { type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/shared-page";
import { reviewShot } from "./support/visual";

/** The synaptopathy history screen against the REST answers of the same gateway (spec 2 §2.5). */

const PATH = "/synaptopathy-history";

interface Envelope<T> {
  success: boolean;
  data: T[];
  message: string;
  is_synthetic?: boolean;
  localizations?: string[];
}

async function getJson<T>(request: APIRequestContext, url: string): Promise<Envelope<T>> {
  const response = await request.get(url);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as Envelope<T>;
  expect(body.success).toBe(true);
  expect(body.data.length).toBeGreaterThan(0);
  return body;
}

const accumulated = (r: APIRequestContext) =>
  getJson<{ year: number; accumulated_disease_count: number }>(r, "/api/stats/accumulated-diseases");
const discovered = (r: APIRequestContext) =>
  getJson<{ year: number; new_disease_count: number }>(r, "/api/stats/new-diseases");
const localizations = (r: APIRequestContext) =>
  getJson<Record<string, number>>(r, "/api/stats/accumulated-gene-localizations");

const label = (name: string) => (name === "Synaptic_Vesicle" ? "Synaptic Vesicle" : name.replace(/_/g, " "));
const fmt = (n: number) => n.toLocaleString("en-US");

function chart(page: Page): Locator {
  return page.getByTestId("history-chart");
}

/** Line series are the chart's unfilled, stroked paths. */
function lines(page: Page): Locator {
  return chart(page).locator('svg path[fill="none"][stroke]');
}

/** Number of points of a linear line path (M, then one L per further point). */
async function pointsOf(line: Locator): Promise<number> {
  const d = (await line.getAttribute("d")) ?? "";
  return d.split("L").length;
}

async function openTab(page: Page, name: string) {
  const tab = page.getByRole("tab", { name });
  await tab.click();
  await expect(tab).toHaveAttribute("aria-selected", "true");
  await expect(chart(page).locator("svg")).toBeVisible();
}

/** The text alternative lists exactly the given rows. */
async function expectDataTable(page: Page, rows: string[][]) {
  const table = page.getByTestId("chart-data-table");
  await table.locator("summary").click();
  const body = table.locator("tbody tr");
  await expect(body).toHaveCount(rows.length);
  for (const index of [0, Math.floor(rows.length / 2), rows.length - 1]) {
    const row = rows[index];
    if (!row) throw new Error("missing row");
    await expect(body.nth(index).locator("th, td")).toHaveText(row);
  }
}

test.describe("Synaptopathy History", () => {
  test.describe.configure({ timeout: 120_000 });

  test("Disease Trend is the default: one cumulative line with a point per API year; no accessibility violations (axe)", async ({
    sharedPage: page,
    request,
  }) => {
    const api = await accumulated(request);
    await page.goto(PATH);
    await expect(page).toHaveTitle("Synaptopathy History");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Synaptopathy History");
    await expect(page.getByRole("tab", { name: "Disease Trend" })).toHaveAttribute("aria-selected", "true");
    await expect(chart(page).locator("svg")).toBeVisible();
    // No accessibility violations (axe) on the accumulated tab.
    await expectNoAxeViolations(page, "the accumulated tab", {
      include: ['[data-testid="history-page"]'],
      allRules: true,
    });
    await expect(lines(page)).toHaveCount(1);
    expect(await pointsOf(lines(page).first())).toBe(api.data.length);
    await expect(chart(page).locator("> div")).toHaveCSS("height", "400px");
    await expect(chart(page).getByTestId("chart-legend")).toHaveText("Accumulated diseases");
    await expect(chart(page).locator("svg")).toContainText("Year");

    // The synthetic discovery years are said so, never shown as real.
    expect(api.is_synthetic).toBe(true);
    await expect(page.getByTestId("synthetic-notice")).toContainText("synthetic sample data");
    await expect(page.getByTestId("chart-title").getByTestId("synthetic-tag")).toBeVisible();
    await expect(page.getByTestId("about-data")).toContainText("synthetic sample data");

    await expectDataTable(
      page,
      api.data.map((y) => [String(y.year), fmt(y.accumulated_disease_count)]),
    );
    await page.getByTestId("chart-data-api").click();
    await expect(page.getByTestId("chart-data-api-rest-url")).toContainText(
      "/api/stats/accumulated-diseases",
    );
  });

  test("tabs switch the chart, the explanation and 'About these data', and live in the address; the discovery rate tab has no accessibility violations (axe)", async ({
    sharedPage: page,
    request,
  }) => {
    const [news, locs] = await Promise.all([discovered(request), localizations(request)]);
    await page.goto(PATH);
    await expect(chart(page).locator("svg")).toBeVisible();
    const about: (string | null)[] = [await page.getByTestId("about-data").textContent()];

    await openTab(page, "Disease Discovery Rate");
    await expect(page).toHaveURL(/[?&]tab=new(&|$)/);
    // No accessibility violations (axe) on the new tab.
    await expectNoAxeViolations(page, "the new tab", {
      include: ['[data-testid="history-page"]'],
      allRules: true,
    });
    await expect(lines(page)).toHaveCount(0);
    // One bar per year of the API, all in the bar colour.
    await expect(chart(page).locator('svg rect[fill="rgba(230, 159, 0, 1)"]')).toHaveCount(news.data.length);
    await expect(page.getByTestId("chart-title").getByTestId("synthetic-tag")).toBeVisible();
    about.push(await page.getByTestId("about-data").textContent());
    await expectDataTable(
      page,
      news.data.map((y) => [String(y.year), fmt(y.new_disease_count)]),
    );

    await openTab(page, "Synaptopathy Protein History");
    await expect(page).toHaveURL(/[?&]tab=accumulated-localizations(&|$)/);
    const names = locs.localizations ?? [];
    expect(names.length).toBeGreaterThan(0);
    await expect(lines(page)).toHaveCount(names.length);
    for (let i = 0; i < names.length; i++) expect(await pointsOf(lines(page).nth(i))).toBe(locs.data.length);
    about.push(await page.getByTestId("about-data").textContent());

    expect(new Set(about).size).toBe(3);
    await expect(page.getByTestId("synthetic-notice")).toBeVisible();

    // Reloading keeps the tab.
    await page.reload();
    await expect(page.getByRole("tab", { name: "Synaptopathy Protein History" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await openTab(page, "Disease Trend");
    await expect(page).not.toHaveURL(/tab=/);
  });

  test("protein history filters: All, Total and one sorted button per localization; the tab has no accessibility violations (axe)", async ({
    sharedPage: page,
    request,
  }) => {
    const locs = await localizations(request);
    const names = locs.localizations ?? [];
    const sorted = [...names].sort((a, b) => label(a).localeCompare(label(b), "en", { sensitivity: "base" }));
    await page.goto(`${PATH}?tab=accumulated-localizations`);
    await expect(chart(page).locator("svg")).toBeVisible();
    // No accessibility violations (axe) on the accumulated-localizations tab.
    await expectNoAxeViolations(page, "the accumulated-localizations tab", {
      include: ['[data-testid="history-page"]'],
      allRules: true,
    });

    const filters = page.getByTestId("localization-filter");
    await expect(filters).toHaveText(["All Localizations", "Total", ...sorted.map(label)]);
    await expect(filters.first()).toHaveAttribute("aria-pressed", "true");
    await expect(chart(page).getByTestId("chart-legend").locator("li")).toHaveText(sorted.map(label));

    await filters.filter({ hasText: /^Total$/ }).click();
    await expect(page).toHaveURL(/localization=total/);
    await expect(lines(page)).toHaveCount(1);
    expect(await pointsOf(lines(page).first())).toBe(locs.data.length);
    await expect(chart(page).getByTestId("chart-legend")).toHaveText("Total");

    const last = sorted[sorted.length - 1];
    if (!last) throw new Error("no localization");
    await filters.filter({ hasText: new RegExp(`^${label(last)}$`) }).click();
    await expect(page).toHaveURL(new RegExp(`localization=${last}`));
    await expect(lines(page)).toHaveCount(1);
    await expect(chart(page).getByTestId("chart-legend")).toHaveText(label(last));

    // The table holds every localization and the total, per API year.
    await expectDataTable(
      page,
      locs.data.map((y) => [
        String(y.year),
        ...sorted.map((name) => fmt(y[name] ?? 0)),
        fmt(y.total_accumulated ?? 0),
      ]),
    );

    // A deep link restores tab and filter.
    await page.goto(`${PATH}?tab=accumulated-localizations&localization=total`);
    await expect(filters.filter({ hasText: /^Total$/ })).toHaveAttribute("aria-pressed", "true");
    await expect(lines(page)).toHaveCount(1);
  });
});

for (const width of [1366, 390] as const) {
  test.describe(`history screenshots at ${width}px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 844 } });

    // One load; the other tabs by their buttons.
    test("each tab fits the width", async ({ sharedPage: page }) => {
      await page.goto(`${PATH}?tab=accumulated`);
      for (const [tab, name] of [
        ["accumulated", null],
        ["new", "Disease Discovery Rate"],
        ["accumulated-localizations", "Synaptopathy Protein History"],
      ] as const) {
        if (name) await openTab(page, name);
        await expect(chart(page).locator("svg")).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `the ${tab} tab`).toBeLessThanOrEqual(0);
        await reviewShot(page, `history-${tab}-${width}`, { fullPage: true });
      }
    });
  });
}
