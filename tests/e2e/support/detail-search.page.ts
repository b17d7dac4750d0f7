import { expect, type Locator, type Page } from "@playwright/test";

/** Page object shared by the Disease Search and Publication Search screens. */
export class DetailSearchPage {
  constructor(
    readonly page: Page,
    readonly path: "/disease-search" | "/paper-search",
    readonly title: string,
    readonly placeholder: string,
    readonly cardTestId: "disease-card" | "paper-card",
    readonly keyAttribute: "data-hdoid" | "data-pmid",
  ) {}

  static disease(page: Page): DetailSearchPage {
    return new DetailSearchPage(
      page,
      "/disease-search",
      "Disease Search",
      "Search by disease name, HDOID, or description...",
      "disease-card",
      "data-hdoid",
    );
  }

  static paper(page: Page): DetailSearchPage {
    return new DetailSearchPage(
      page,
      "/paper-search",
      "Synapse Proteomic Publication Search",
      "Search by Publication title, PMID or Year...",
      "paper-card",
      "data-pmid",
    );
  }

  async goto(query?: string): Promise<void> {
    await this.page.goto(query === undefined ? this.path : `${this.path}?${query}`);
    await expect(this.page.getByRole("heading", { level: 1, name: this.title })).toBeVisible();
  }

  get searchInput(): Locator {
    return this.page.getByPlaceholder(this.placeholder);
  }

  get cards(): Locator {
    return this.page.getByTestId(this.cardTestId);
  }

  card(key: string | number): Locator {
    return this.page.locator(`[data-testid="${this.cardTestId}"][${this.keyAttribute}="${key}"]`);
  }

  toggle(card: Locator): Locator {
    return card.getByTestId(`${this.cardTestId}-toggle`);
  }

  async expand(key: string | number): Promise<Locator> {
    const card = this.card(key);
    const toggle = this.toggle(card);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    return card;
  }

  async openTab(card: Locator, tab: string): Promise<Locator> {
    await card.getByTestId(`tab-${tab}`).click();
    await expect(card.getByTestId(`tab-${tab}`)).toHaveAttribute("aria-selected", "true");
    const panel = card.getByTestId(`panel-${tab}`);
    await expect(panel).toBeVisible();
    return panel;
  }

  /** Selects a page in the pager above a tab's cards. */
  async goToPage(panel: Locator, name: string, page: number): Promise<void> {
    await panel
      .getByTestId(`${name}-pager-top`)
      .getByRole("button", { name: `Page ${page}`, exact: true })
      .click();
  }
}
