import { type Page } from "@playwright/test";
import { callMoreThanTenEndpoints } from "./support/api-usage";
import { isAnswerOf } from "./support/graphql-request";
import { expect, test } from "./support/shared-page";
import { reviewShot } from "./support/visual";

interface Usage {
  totalCalls: number;
  endpoints: { endpoint: string; count: number; lastCalled: string | null }[];
}

const COUNTER = "GET /api/stats/counter";

/** Opens the dashboard and returns the API answer it received (the values it must show). */
async function openDashboard(page: Page, query = ""): Promise<Usage> {
  const answer = page.waitForResponse((r) => isAnswerOf(r, "ApiUsageDashboard"));
  await page.goto(`/api-counter-dashboard${query}`);
  const body = (await (await answer).json()) as { data: { apiUsage: Usage } };
  await expect(page.getByTestId("usage-table")).toBeVisible();
  return body.data.apiUsage;
}

const rowEndpoints = (page: Page) =>
  page.getByTestId("usage-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-endpoint")));

test.describe("API Usage Dashboard", () => {
  test.beforeEach(async ({ sharedPage: page }) => {
    await callMoreThanTenEndpoints(page);
  });

  test("shows the API's totals and the top 10 endpoints by count, without the counter endpoint", async ({
    sharedPage: page,
  }) => {
    const usage = await openDashboard(page);
    await expect(page).toHaveTitle("API Usage Dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "API Usage Dashboard" })).toBeVisible();
    await expect(page.getByTestId("usage-total")).toHaveText(usage.totalCalls.toLocaleString("en-US"));
    await expect(page.getByTestId("usage-updated")).toHaveText("Just now");
    const visible = usage.endpoints.filter((e) => e.endpoint !== COUNTER);
    expect(visible.length).toBeGreaterThan(10);
    await expect(page.getByTestId("usage-endpoints")).toHaveText(String(visible.length));
    const byCount = [...visible].sort((a, b) => b.count - a.count || a.endpoint.localeCompare(b.endpoint));
    expect(await rowEndpoints(page)).toEqual(byCount.slice(0, 10).map((e) => e.endpoint));
    expect(await page.getByTestId("usage-count").allInnerTexts()).toEqual(
      byCount.slice(0, 10).map((e) => e.count.toLocaleString("en-US")),
    );
    await expect(page.locator(`[data-endpoint="${COUNTER}"]`)).toHaveCount(0);
    // The REST counter agrees for every endpoint that the dashboard's own polling does not touch
    // (it asks GraphQL: by POST, or by GET with a persisted-query hash).
    const rest = (await (await page.request.get("/api/stats/counter")).json()) as {
      data: { endpoint: string; count: number }[];
    };
    expect(rest.data.map((e) => e.endpoint)).not.toContain(COUNTER);
    for (const e of visible.filter((v) => !v.endpoint.endsWith(" /graphql"))) {
      expect(rest.data.find((r) => r.endpoint === e.endpoint)?.count).toBe(e.count);
    }
    // The chart draws one bar per listed endpoint, and says what it shows.
    const chart = page.getByTestId("usage-chart");
    await expect(chart.locator('rect[data-testid^="bar.item.count."]')).toHaveCount(10);
    await expect(chart.getByText("Calls", { exact: true })).toBeVisible();
    await expect(page.getByTestId("usage-chart-caption")).toContainText(`most: ${byCount[0]!.endpoint}`);
  });

  test("sorts by recent call and by name, and shows all endpoints on demand", async ({
    sharedPage: page,
  }) => {
    const usage = await openDashboard(page);
    const visible = usage.endpoints.filter((e) => e.endpoint !== COUNTER);
    await page.getByTestId("usage-sort-name").click();
    await expect(page.getByTestId("usage-sort-name")).toHaveAttribute("aria-pressed", "true");
    const byName = visible.map((e) => e.endpoint).sort((a, b) => a.localeCompare(b));
    await expect.poll(() => rowEndpoints(page)).toEqual(byName.slice(0, 10));

    await page.getByTestId("usage-sort-recent").click();
    const byRecent = [...visible]
      .sort(
        (a, b) =>
          Date.parse(b.lastCalled ?? "1970-01-01") - Date.parse(a.lastCalled ?? "1970-01-01") ||
          a.endpoint.localeCompare(b.endpoint),
      )
      .map((e) => e.endpoint);
    await expect.poll(() => rowEndpoints(page)).toEqual(byRecent.slice(0, 10));

    await page.getByTestId("usage-toggle-all").click();
    await expect(page.getByTestId("usage-toggle-all")).toHaveText("Show Top 10");
    await expect(page.getByTestId("usage-row")).toHaveCount(visible.length);
    await expect(page.getByTestId("usage-chart").locator('rect[data-testid^="bar.item.count."]')).toHaveCount(
      visible.length,
    );
    await page.getByTestId("usage-toggle-all").click();
    await expect(page.getByTestId("usage-toggle-all")).toHaveText("Show All");
    await expect(page.getByTestId("usage-row")).toHaveCount(10);
  });

  test("refresh fetches the counters again", async ({ sharedPage: page }) => {
    const first = await openDashboard(page);
    await page.request.get("/api/gene/table?page=3");
    const again = page.waitForResponse((r) => isAnswerOf(r, "ApiUsageDashboard"));
    await page.getByTestId("usage-refresh").click();
    const second = ((await (await again).json()) as { data: { apiUsage: Usage } }).data.apiUsage;
    expect(second.totalCalls).toBeGreaterThan(first.totalCalls);
    await expect(page.getByTestId("usage-total")).toHaveText(second.totalCalls.toLocaleString("en-US"));
  });

  for (const width of [1366, 390] as const) {
    test(`screenshot at ${width}px`, async ({ sharedPage: page }) => {
      await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
      const consoleErrors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") consoleErrors.push(`${m.text()} ${m.location().url}`);
      });
      await openDashboard(page);
      await expect(
        page.getByTestId("usage-chart").locator('rect[data-testid^="bar.item.count."]'),
      ).toHaveCount(10);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await reviewShot(page, `api-dashboard-${width}`, { fullPage: true });
      expect(consoleErrors).toEqual([]);
    });
  }
});
