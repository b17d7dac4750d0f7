import { type Page } from "@playwright/test";
import { expect, test } from "./support/shared-page";
import { reviewShot } from "./support/visual";

interface OpenApi {
  paths: Record<string, Record<string, { summary: string; tags: string[] }>>;
}

async function openApi(page: Page) {
  const response = await page.request.get("/api/openapi.json");
  expect(response.ok()).toBe(true);
  const doc = (await response.json()) as OpenApi;
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      id: `${method.toUpperCase()} ${path}`,
      path,
      summary: op.summary,
      category: op.tags[0]!,
    })),
  );
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

test.describe("API documentation", () => {
  test("lists every endpoint of the OpenAPI document, with category counts that add up", async ({
    sharedPage: page,
  }) => {
    const errors = watchErrors(page);
    const endpoints = await openApi(page);
    await page.goto("/documentation");
    await expect(page).toHaveTitle("API Documentation");
    await expect(page.getByRole("heading", { level: 1, name: "API Documentation" })).toBeVisible();
    await expect(page.getByTestId("api-base-url")).toHaveText(new URL(page.url()).origin);
    await expect(page.getByTestId("explorer-link")).toHaveAttribute("href", "/explorer");
    await expect(page.getByTestId("openapi-link")).toHaveAttribute("href", "/api/openapi.json");
    await expect(page.getByTestId("api-endpoint")).toHaveCount(endpoints.length);
    for (const e of endpoints) await expect(page.locator(`[data-endpoint="${e.id}"]`)).toHaveCount(1);
    await expect(page.getByTestId("api-showing")).toHaveText(
      `Showing ${endpoints.length} out of ${endpoints.length} endpoints`,
    );

    const buttons = page.getByTestId("api-category");
    const labels = (await buttons.allInnerTexts()).map((t) => t.replace(/\s*\d+\s*$/, "").trim());
    expect(labels).toEqual([
      "All Endpoints",
      "Search",
      "Statistics",
      "Data (CSV)",
      "Relationship (CSV)",
      "Protein",
      "Disease Classification",
      "Filter",
      "Additional CSV Exports",
      "Analysis",
      "Data package",
    ]);
    const counts = (await page.getByTestId("api-category-count").allInnerTexts()).map(Number);
    expect(counts[0]).toBe(endpoints.length);
    expect(counts.slice(1).reduce((a, b) => a + b, 0)).toBe(endpoints.length);
    // Each category shows exactly its endpoints.
    const keys = await buttons.evaluateAll((els) => els.map((el) => el.getAttribute("data-category")!));
    for (const [i, key] of keys.entries()) {
      if (i === 0) continue;
      await buttons.nth(i).click();
      await expect(buttons.nth(i)).toHaveAttribute("aria-pressed", "true");
      const expected = endpoints.filter((e) => e.category === key).length;
      expect(counts[i]).toBe(expected);
      await expect(page.getByTestId("api-endpoint")).toHaveCount(expected);
    }
    expect(errors).toEqual([]);
  });

  test("filters by text and category; 'Clear filters' resets both", async ({ sharedPage: page }) => {
    const endpoints = await openApi(page);
    await page.goto("/documentation");
    await expect(page.getByTestId("api-endpoint")).toHaveCount(endpoints.length);
    const matching = endpoints.filter(
      (e) => e.path.toLowerCase().includes("chapter") || e.summary.toLowerCase().includes("chapter"),
    );
    expect(matching.length).toBeGreaterThan(0);
    await page.getByPlaceholder("Filter endpoints...").fill("CHAPTER");
    await expect(page.getByTestId("api-endpoint")).toHaveCount(matching.length);
    await expect(page.getByTestId("api-showing")).toHaveText(
      `Showing ${matching.length} out of ${endpoints.length} endpoints matching "CHAPTER"`,
    );
    // A category without such endpoints: nothing left.
    await page.locator('[data-testid="api-category"][data-category="Statistics"]').click();
    await expect(page.getByTestId("api-empty")).toContainText("No endpoints found matching your criteria.");
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page.getByPlaceholder("Filter endpoints...")).toHaveValue("");
    await expect(page.locator('[data-testid="api-category"][data-category="all"]')).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByTestId("api-endpoint")).toHaveCount(endpoints.length);
  });

  test("executes a JSON endpoint with a path parameter and shows the live response", async ({
    sharedPage: page,
  }) => {
    const errors = watchErrors(page);
    const chapters = await (await page.request.get("/api/disease-classifications")).json();
    // The smallest chapter: the card pretty-prints the whole answer, and chapter 06's is 2.5 MB.
    const smallest = (chapters.data as { chapter: string; gene_count: number }[]).reduce((a, b) =>
      b.gene_count < a.gene_count ? b : a,
    );
    const chapter = String(smallest.chapter);
    const direct = await (await page.request.get(`/api/disease-classifications/chapter/${chapter}`)).json();
    await page.goto("/documentation");
    const card = page.locator('[data-endpoint="GET /api/disease-classifications/chapter/{chapter}"]');
    await card.getByTestId("api-endpoint-toggle").click();
    await expect(card.getByTestId("api-endpoint-toggle")).toHaveAttribute("aria-expanded", "true");
    await expect(card.getByTestId("api-params")).toContainText("chapter");
    await expect(card.getByTestId("api-responses")).toContainText("200");
    // Empty path value: the placeholder stays.
    await expect(card.getByTestId("api-request-url")).toHaveText(
      "GET /api/disease-classifications/chapter/{chapter}",
    );
    await card.getByTestId("api-param-chapter").fill(`  ${chapter} `);
    await expect(card.getByTestId("api-request-url")).toHaveText(
      `GET /api/disease-classifications/chapter/${chapter}`,
    );
    await card.getByRole("button", { name: "Execute API" }).click();
    const live = card.getByTestId("api-live-response");
    await expect(card.getByText("Live API Response")).toBeVisible();
    await expect(live).not.toBeEmpty();
    expect(JSON.parse((await live.textContent()) ?? "")).toEqual(direct);
    await expect(card.getByRole("button", { name: "Execute API" })).toBeEnabled();

    // Query parameters: non-empty values only.
    const search = page.locator('[data-endpoint="GET /api/gene/search"]');
    await search.getByTestId("api-endpoint-toggle").click();
    await search.getByTestId("api-param-q").fill(" DLG4 ");
    await expect(search.getByTestId("api-request-url")).toHaveText("GET /api/gene/search?q=DLG4");
    await search.getByRole("button", { name: "Execute API" }).click();
    const directSearch = await (await page.request.get("/api/gene/search?q=DLG4")).json();
    const searchLive = search.getByTestId("api-live-response");
    await expect(searchLive).not.toBeEmpty();
    expect(JSON.parse((await searchLive.textContent()) ?? "")).toEqual(directSearch);
    expect(errors).toEqual([]);
  });

  test("downloads a CSV endpoint under the server's file name", async ({ sharedPage: page }) => {
    const head = await page.request.get("/api/brain-regions");
    const name = /filename="([^"]+)"/.exec(head.headers()["content-disposition"] ?? "")?.[1];
    expect(name).toMatch(/^brain-regions_v.+\.csv$/);
    await page.goto("/documentation");
    await page.locator('[data-testid="api-category"][data-category="Data (CSV)"]').click();
    const card = page.locator('[data-endpoint="GET /api/brain-regions"]');
    await card.getByTestId("api-endpoint-toggle").click();
    await expect(card.getByTestId("api-execute")).toHaveCount(0);
    const downloading = page.waitForEvent("download");
    await card.getByRole("button", { name: "Download CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(name);
    await expect(card.getByTestId("api-download")).toHaveText("Success!");
  });

  test("shows the documented columns of a CSV endpoint, in the order of the file's header row", async ({
    sharedPage: page,
  }) => {
    const file = await page.request.get("/api/brain-regions");
    const header = (await file.text()).split("\n")[0]!.split(",");
    await page.goto("/documentation");
    const card = page.locator('[data-endpoint="GET /api/brain-regions"]');
    await card.getByTestId("api-endpoint-toggle").click();
    const rows = card.getByTestId("api-csv-column");
    await expect(rows).toHaveCount(header.length);
    expect(await rows.locator("td:first-child").allInnerTexts()).toEqual(header);
    await expect(rows.first()).toContainText("Internal id of the row");
    const json = page.locator('[data-endpoint="GET /api/stats/visits"]');
    await json.getByTestId("api-endpoint-toggle").click();
    await expect(json.getByTestId("api-responses")).toBeVisible();
    await expect(json.getByTestId("api-csv-columns")).toHaveCount(0);
  });
});

for (const width of [1366, 390] as const) {
  test(`documentation screenshot with an executed card at ${width}px`, async ({ sharedPage: page }) => {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    await page.goto("/documentation");
    await expect(page.getByTestId("api-endpoint").first()).toBeVisible();
    await reviewShot(page, `documentation-${width}`);
    const card = page.locator('[data-endpoint="GET /api/stats/accumulated-diseases"]');
    await card.getByTestId("api-endpoint-toggle").click();
    await card.getByRole("button", { name: "Execute API" }).click();
    await expect(card.getByTestId("api-live-response")).toContainText('"success": true');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await reviewShot(card, `documentation-card-${width}`);
  });
}
