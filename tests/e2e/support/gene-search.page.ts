import { expect, type Locator, type Page } from "@playwright/test";

export const GENE_TABS = ["papers", "diseases", "mutations", "omim", "go", "syngo"] as const;
export type GeneTab = (typeof GENE_TABS)[number];

/** Page object of the Gene Search screen. */
export class GeneSearchPage {
  constructor(readonly page: Page) {}

  async goto(query?: string): Promise<void> {
    await this.page.goto(
      query === undefined ? "/gene-search" : `/gene-search?q=${encodeURIComponent(query)}`,
    );
    await expect(this.page.getByRole("heading", { level: 1, name: "Gene Search" })).toBeVisible();
  }

  get searchInput(): Locator {
    return this.page.getByPlaceholder("Search by gene name or ID...");
  }

  /** Every result card, in the order shown. */
  get cards(): Locator {
    return this.page.getByTestId("gene-card");
  }

  card(symbol: string): Locator {
    return this.page.locator(`[data-testid="gene-card"][data-gene="${symbol}"]`);
  }

  async expand(symbol: string): Promise<Locator> {
    const card = this.card(symbol);
    const toggle = card.getByTestId("gene-card-toggle");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    return card;
  }

  async openTab(card: Locator, tab: GeneTab): Promise<Locator> {
    await card.getByTestId(`tab-${tab}`).click();
    await expect(card.getByTestId(`tab-${tab}`)).toHaveAttribute("aria-selected", "true");
    const panel = card.getByTestId(`panel-${tab}`);
    await expect(panel).toBeVisible();
    return panel;
  }
}
