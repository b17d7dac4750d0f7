import { expect, test } from "./support/shared-page";
import { expectScreenshot, SCREENSHOT_WIDTHS } from "./support/visual";

/*
 * Visual regression of two states a route alone does not show: a gene card open, and a gene's
 * interaction network. Every route's own screen is compared in tests/e2e/all-routes.spec.ts, on the
 * page its other checks have already loaded (support/visual.ts says how baselines are kept).
 */
for (const { viewport } of SCREENSHOT_WIDTHS) {
  test.describe(`screenshots at ${viewport.width}px`, () => {
    test.use({ viewport });

    test("gene search with DLG4 expanded", async ({ sharedPage: page }) => {
      await page.goto("/gene-search?q=DLG4");
      const card = page.locator('[data-testid="gene-card"][data-gene="DLG4"]');
      await card.getByTestId("gene-card-toggle").click();
      await expect(card.getByTestId("paper-card").first()).toBeVisible();
      await expectScreenshot(page, { name: "gene-search-dlg4-expanded" });
    });

    test("the network tab of SHANK3", async ({ sharedPage: page }) => {
      await page.goto("/gene-search?q=SHANK3");
      const card = page.locator('[data-testid="gene-card"][data-gene="SHANK3"]');
      await card.getByTestId("gene-card-toggle").click();
      await card.getByTestId("tab-network").click();
      await expect(card.getByTestId("network-node").first()).toBeVisible();
      await expectScreenshot(page, { name: "network-shank3" });
    });
  });
}
