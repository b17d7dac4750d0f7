import { expect, type Locator, type Page } from "@playwright/test";

/** Page object of the shared search box (navigation bar or a search page) and its suggestions. */
export class SearchBoxObject {
  constructor(
    readonly page: Page,
    readonly testId: string,
  ) {}

  /** The navigation bar's box (opens the mobile menu first on narrow screens). */
  static async nav(page: Page): Promise<SearchBoxObject> {
    const box = new SearchBoxObject(page, "nav-search");
    // Below 1100 px the navigation sits behind the hamburger button.
    if ((page.viewportSize()?.width ?? 1366) < 1100) {
      const hamburger = page.getByTestId("nav-hamburger");
      await hamburger.click();
      await expect(hamburger).toHaveAttribute("aria-expanded", "true");
    }
    await expect(box.input).toBeVisible();
    return box;
  }

  static onPage(page: Page, testId: string): SearchBoxObject {
    return new SearchBoxObject(page, testId);
  }

  get input(): Locator {
    return this.page.getByTestId(this.testId).getByRole("combobox");
  }

  get popup(): Locator {
    return this.page.getByTestId(`${this.testId}-suggestions`);
  }

  get listbox(): Locator {
    return this.popup.getByRole("listbox");
  }

  get options(): Locator {
    return this.listbox.getByRole("option");
  }

  get proteinStatus(): Locator {
    return this.popup.getByTestId("suggest-protein-status");
  }

  get clearButton(): Locator {
    return this.page.getByTestId(this.testId).getByRole("button", { name: "Clear search" });
  }

  /** Types like a person and waits for the suggestions of the whole text. */
  async type(text: string, expectedCount: number): Promise<void> {
    await this.input.click();
    await this.input.pressSequentially(text, { delay: 30 });
    await expect(this.input).toHaveAttribute("aria-expanded", "true");
    await expect(this.options).toHaveCount(expectedCount);
  }

  /** The option texts, each with its type label. */
  async optionSummaries(): Promise<string[]> {
    return this.options.evaluateAll((els) =>
      els.map(
        (el) =>
          `${el.querySelector(".suggest-text")?.textContent}|${el.querySelector(".suggest-badge")?.textContent}`,
      ),
    );
  }

  /** The id of the highlighted option, checked against aria-activedescendant. */
  async expectActive(index: number): Promise<void> {
    const option = this.options.nth(index);
    await expect(option).toHaveAttribute("aria-selected", "true");
    const id = await option.getAttribute("id");
    await expect(this.input).toHaveAttribute("aria-activedescendant", id ?? "");
    await expect(this.listbox.locator('[role="option"][aria-selected="true"]')).toHaveCount(1);
  }
}
