import { expect, test } from "./support/shared-page";
import { expectRowCount } from "./support/table-rows";
import { reviewShot } from "./support/visual";

interface DataResponse {
  data: {
    datasetRelease: { name: string; version: string; source: string; hasSyntheticData: boolean };
    bulkExports: { name: string; kind: string; path: string }[];
    databaseSchema: { tables: { name: string; rowCount: number }[] };
  };
}

for (const width of [1366, 390] as const) {
  test(`data page shows the release, table counts and bulk downloads at ${width}px`, async ({
    sharedPage: page,
  }) => {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    const response = await page.request.post("/graphql", {
      data: {
        query:
          "{ datasetRelease { name version source hasSyntheticData } bulkExports { name kind path } databaseSchema { tables { name rowCount } } }",
      },
    });
    const { datasetRelease, bulkExports, databaseSchema } = ((await response.json()) as DataResponse).data;
    await page.goto("/data");
    await expect(page.getByRole("heading", { level: 1, name: "Data & provenance" })).toBeVisible();
    await expect(page.getByTestId("release-name")).toHaveText(datasetRelease.name);
    await expect(page.getByTestId("release-facts")).toContainText(datasetRelease.version);
    await expect(page.getByTestId("release-facts")).toContainText(datasetRelease.source);
    await expect(page.getByTestId("data-synthetic-note")).toHaveCount(
      datasetRelease.hasSyntheticData ? 1 : 0,
    );
    const counts = page.getByTestId("db-table-counts");
    for (const table of databaseSchema.tables)
      await expectRowCount(counts.locator(`tr[data-table="${table.name}"] td[data-label="Rows"]`), table);
    await expect(page.getByTestId("bulk-export")).toHaveCount(bulkExports.length);
    for (const item of bulkExports) {
      const row = page.locator(`[data-testid="bulk-export"][data-name="${item.name}"]`);
      await expect(row.getByRole("link", { name: item.path })).toHaveAttribute("href", item.path);
      await expect(row.getByTestId("bulk-download")).toHaveAttribute("data-url", item.path);
    }
    // One download end to end: the server's file name, with the release version.
    const first = page.locator('[data-testid="bulk-export"][data-name="brain-regions"]');
    const downloading = page.waitForEvent("download");
    await first.getByTestId("bulk-download").click();
    expect((await downloading).suggestedFilename()).toBe(`brain-regions_v${datasetRelease.version}.csv`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await reviewShot(page, `data-page-${width}`, { fullPage: true });
    await page.getByRole("heading", { level: 2, name: "Database tables" }).scrollIntoViewIfNeeded();
    await reviewShot(page, `data-tables-${width}`);
    await page
      .getByRole("heading", { level: 2, name: "Bulk downloads" })
      .evaluate((el) => el.scrollIntoView());
    await reviewShot(page, `data-downloads-${width}`);
    expect(errors).toEqual([]);
  });
}
