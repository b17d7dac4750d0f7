import { expect, type Locator, type Page } from "@playwright/test";

export type CatalogKey = "gene" | "disease" | "paper";

export interface CatalogRow {
  [key: string]: unknown;
}

export interface CatalogEnvelope {
  success: boolean;
  data: CatalogRow[];
  pagination: { page: number; pageSize: number; total: number; totalPages: number };
  consensus: Record<string, number>;
}

/** Page object of a catalog screen (gene, disease or paper table). */
export class CatalogPage {
  constructor(
    readonly page: Page,
    readonly key: CatalogKey,
  ) {}

  get root(): Locator {
    return this.page.getByTestId(`${this.key}-catalog`);
  }

  get rows(): Locator {
    return this.root.getByTestId("catalog-row");
  }

  get searchInput(): Locator {
    return this.root.getByTestId("catalog-search").locator("input");
  }

  get range(): Locator {
    return this.root.getByTestId("catalog-range");
  }

  get pageText(): Locator {
    return this.root.getByTestId("catalog-page-text");
  }

  button(name: "first" | "previous" | "next" | "last"): Locator {
    return this.root.getByTestId(`page-${name}`);
  }

  sortHeader(sortKey: string): Locator {
    return this.root.locator("th", { has: this.page.getByTestId(`sort-${sortKey}`) });
  }

  /** Text of one column of the shown rows. */
  async column(id: string): Promise<string[]> {
    return this.rows.locator(`td[data-col="${id}"]`).allInnerTexts();
  }

  async goto(query = ""): Promise<void> {
    await this.page.goto(`/${this.key}-table${query ? `?${query}` : ""}`);
    await this.waitLoaded();
  }

  /** Waits until the table shows a settled response (not stale, not loading). */
  async waitLoaded(): Promise<void> {
    await expect(this.range).toHaveText(/^Showing \d/);
    await expect(this.root.getByTestId("catalog-refresh")).toBeEnabled();
  }

  /** The REST answer for the same view (what the screen must show). */
  async api(query: string): Promise<CatalogEnvelope> {
    const response = await this.page.request.get(`/api/${this.key}/table?${query}`);
    expect(response.ok()).toBe(true);
    return (await response.json()) as CatalogEnvelope;
  }

  /** Expects the shown ids (first column) to equal the API's ids, in order. */
  async expectIds(column: string, field: string, query: string): Promise<CatalogEnvelope> {
    const body = await this.api(query);
    expect(body.data.length).toBeGreaterThan(0);
    await expect
      .poll(async () => (await this.column(column)).map((t) => t.trim()))
      .toEqual(body.data.map((row) => String(row[field])));
    return body;
  }
}
