import { expect, test } from "./support/test";

for (const width of [1366, 390])
  test(`probe ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/gene-search?q=SHANK3");
    const card = page.locator('[data-testid="gene-card"][data-gene="SHANK3"]');
    await card.getByTestId("gene-card-toggle").click();
    await card.getByTestId("tab-network").click();
    await expect(card.getByTestId("network-node").first()).toBeVisible();
    await card.getByTestId("panel-network").screenshot({ path: `/tmp/net-${width}.png` });
  });
