import type { Page } from "@playwright/test";
import { expect, test } from "./support/cookies";
import { GENE_TABS } from "./support/gene-search.page";

/**
 * The gene search by keyboard alone: no click, no tap. Every element that takes focus on the way shows
 * a focus ring (an outline or a box-shadow; the search box rings itself while its input has focus).
 */

interface FocusStop {
  /** Tag, test id or label of the focused element, for the report. */
  name: string;
  ring: boolean;
}

/** The focused element and whether it shows its focus. */
function focusStop(page: Page): Promise<FocusStop | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const shows = (e: Element) => {
      const style = getComputedStyle(e);
      const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== "none";
    };
    // A ring drawn around the input by its box (a spread box-shadow or an outline on :focus-within).
    const wrapper = element.closest(".search-box");
    const name =
      element.getAttribute("data-testid") ??
      element.getAttribute("aria-label") ??
      `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 30)}"`;
    return { name, ring: shows(element) || (wrapper !== null && shows(wrapper)) };
  });
}

/** Whether the focused element matches a CSS selector. */
function focusMatches(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);
}

test.describe("Keyboard only", () => {
  test("gene search: type, open a card, move between its tabs, open the API dialog, download a CSV", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const stops: FocusStop[] = [];

    /** Presses `key` until the focused element matches `selector`; records every stop on the way. */
    async function pressUntil(selector: string, key = "Tab", max = 80): Promise<void> {
      for (let press = 0; press < max; press++) {
        await page.keyboard.press(key);
        const stop = await focusStop(page);
        if (stop) stops.push(stop);
        if (await focusMatches(page, selector)) return;
      }
      throw new Error(`${key} never reached ${selector}; stops: ${stops.map((s) => s.name).join(", ")}`);
    }

    await page.goto("/gene-search");
    await expect(page.getByRole("heading", { level: 1, name: "Gene Search" })).toBeVisible();

    // 1. The search box: type a gene and submit with Enter.
    const input = 'input[placeholder="Search by gene name or ID..."]';
    if (!(await focusMatches(page, input))) await pressUntil(input);
    await page.keyboard.type("DLG4");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&]q=DLG4\b/);
    const card = page.locator('[data-testid="gene-card"][data-gene="DLG4"]');
    await expect(card).toBeVisible();

    // 2. DLG4's card: its toggle, opened with Enter.
    const toggle = '[data-testid="gene-card"][data-gene="DLG4"] [data-testid="gene-card-toggle"]';
    await pressUntil(toggle);
    await page.keyboard.press("Enter");
    await expect(card.getByTestId("gene-card-toggle")).toHaveAttribute("aria-expanded", "true");

    // 3. Its tabs: Tab reaches the selected one; the arrow keys move through all of them and round again.
    await pressUntil('[data-testid="gene-card"][data-gene="DLG4"] [role="tab"][aria-selected="true"]');
    const keys = (
      await card.getByRole("tab").evaluateAll((tabs) => tabs.map((t) => t.getAttribute("data-testid")))
    ).map((testId) => testId!.replace(/^tab-/, ""));
    expect(keys.slice(0, GENE_TABS.length)).toEqual([...GENE_TABS]);
    await expect(card.getByTestId(`tab-${keys[0]}`)).toBeFocused();
    await expect(card.getByTestId(`panel-${keys[0]}`)).toBeVisible();
    for (const tab of [...keys.slice(1), keys[0]!, "diseases"]) {
      await page.keyboard.press("ArrowRight");
      await expect(card.getByTestId(`tab-${tab}`), tab).toBeFocused();
      await expect(card.getByTestId(`tab-${tab}`), tab).toHaveAttribute("aria-selected", "true");
      await expect(card.getByTestId(`panel-${tab}`), tab).toBeVisible();
      const stop = await focusStop(page);
      if (stop) stops.push(stop);
    }
    const panel = card.getByTestId("panel-diseases");
    await expect(panel.getByTestId("disease-card").first()).toBeVisible();

    // 4. The tab's API dialog: Space opens it, Escape closes it and gives the focus back.
    await pressUntil('[data-testid="gene-card"][data-gene="DLG4"] [data-testid="api-diseases"]');
    await page.keyboard.press("Space");
    const dialog = panel.getByTestId("api-diseases-dialog");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(panel.getByTestId("api-diseases")).toBeFocused();

    // 5. The tab's CSV download, with Enter.
    await pressUntil('[data-testid="gene-card"][data-gene="DLG4"] [data-testid="download-diseases"]');
    const download = page.waitForEvent("download");
    await page.keyboard.press("Enter");
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);
    await expect(panel.getByTestId("download-diseases")).toHaveAttribute("data-status", "success");
    // The button keeps the focus while it downloads and after.
    await expect(panel.getByTestId("download-diseases")).toBeFocused();

    // 6. Shift+Tab goes back the way it came.
    await page.keyboard.press("Shift+Tab");
    await expect(panel.getByTestId("api-diseases")).toBeFocused();

    expect(stops.length).toBeGreaterThan(5);
    expect(
      stops.filter((stop) => !stop.ring).map((stop) => stop.name),
      "focused elements without a visible focus ring",
    ).toEqual([]);
  });

  test("a dialog that closes leaves the focus where the reader moved it next", async ({ page }) => {
    // The dialog's close event is a task of its own, after the browser gave the focus back to the API
    // button: a Tab pressed before that task ran (a busy machine, a fast reader) moved on, and the
    // button's own hand-back then pulled the focus to the button again (an Enter meant for the next
    // control opened the dialog again: seen once under load). Closed and moved on in one script here,
    // so the close event always comes after the move.
    await page.goto("/gene/DLG4?tab=diseases");
    const panel = page.getByTestId("panel-diseases");
    await panel.getByTestId("api-diseases").focus();
    await page.keyboard.press("Space");
    await expect(panel.getByTestId("api-diseases-dialog")).toBeVisible();
    await page.evaluate(() => {
      (document.querySelector('[data-testid="api-diseases-dialog"]') as HTMLDialogElement).close();
      (document.querySelector('[data-testid="download-diseases"]') as HTMLElement).focus();
    });
    await expect(panel.getByTestId("api-diseases-dialog")).toHaveCount(0);
    await expect(panel.getByTestId("download-diseases")).toBeFocused();
  });
});
