import { mkdir } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/cookies";

/** Full-page screenshots for visual review (written to tests/e2e/screenshots/, git-ignored). */
const DIR = "tests/e2e/screenshots";
const WIDTHS = [1366, 390] as const;

async function shoot(page: Page, name: string, width: number) {
  await mkdir(DIR, { recursive: true });
  await page.screenshot({ path: `${DIR}/${name}-${width}.png`, fullPage: true });
}

for (const width of WIDTHS) {
  test.describe(`screenshots at ${width}px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 844 } });

    test("gene search with DLG4 expanded", async ({ page }) => {
      await page.goto("/gene-search?q=DLG4");
      const card = page.locator('[data-testid="gene-card"][data-gene="DLG4"]');
      await card.getByTestId("gene-card-toggle").click();
      await expect(card.getByTestId("paper-card").first()).toBeVisible();
      await expect(card.getByTestId("consensus-badge")).toBeVisible();
      await expect(page.getByTestId("sample-data-notice")).toBeVisible();
      await shoot(page, "gene-search-dlg4", width);
    });

    test("home", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: "SynaptopathyDB" })).toBeVisible();
      await expect(page.getByTestId("search-tiles").getByRole("link")).toHaveCount(3);
      await expect(page.getByTestId("visitor-count")).toHaveText(/^Unique Visitors: /);
      await shoot(page, "home", width);
    });

    test("data & provenance", async ({ page }) => {
      await page.goto("/data");
      await expect(page.getByRole("heading", { level: 1, name: "Data & provenance" })).toBeVisible();
      await expect(page.getByTestId("release-name")).not.toBeEmpty();
      expect(await page.getByTestId("dataset-files").locator("tbody tr").count()).toBeGreaterThan(0);
      await expect(page.getByTestId("provenance-text")).toContainText(/\w/);
      await shoot(page, "data", width);
    });
  });
}
