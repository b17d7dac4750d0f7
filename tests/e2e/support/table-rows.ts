import type { Locator } from "@playwright/test";
import { expect } from "./test";

/** Tables the portal writes while it serves (schema/stats.entity.ts); every other table is the release's. */
const LIVE_TABLES = new Set(["visit", "api_call_counter"]);

/**
 * A table's row count as a page lists it (`cell`, its "Rows" cell), against the count fetched before the
 * page: a release table's is exact; visits and call counters grow while the test runs (the page's own
 * visit is one of them), so the page shows at least what was fetched.
 */
export async function expectRowCount(cell: Locator, table: { name: string; rowCount: number }) {
  if (!LIVE_TABLES.has(table.name)) {
    await expect(cell).toContainText(table.rowCount.toLocaleString("en-US"));
    return;
  }
  await expect(cell).toContainText(/\d/);
  const shown = Number((await cell.textContent())?.replaceAll(",", "").trim());
  expect(shown, table.name).toBeGreaterThanOrEqual(table.rowCount);
}
