import { expect, test } from "./support/test";

/** A gene, a disease and a study page, opened cold as a reader arriving from a search engine would. */
const RECORDS = [
  { path: "/gene/DLG4", testId: "gene-page", heading: /DLG4/, secondTab: "diseases", secondText: "DOID:" },
  {
    path: "/disease/DOID:1826",
    testId: "disease-page",
    heading: /Epilepsy/,
    secondTab: "mutations",
    secondText: "Function Class",
  },
  { path: "/study/10862698", testId: "paper-page", heading: /HUSI_2000/, secondTab: null, secondText: null },
] as const;

for (const record of RECORDS) {
  test.describe(`${record.path}, its own page`, () => {
    for (const width of [1366, 390]) {
      // Opened cold (a context of its own). Its WCAG 2.1 AA scan at both widths is all-routes.spec.ts's,
      // on the same page: scanning it here again cost 2-5 CPU-s of Chromium per page and width.
      test(`at ${width} px: the record's card with its tabs and its canonical link`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(record.path);
        const main = page.getByTestId(record.testId);
        await expect(main.getByRole("heading", { level: 1 })).toHaveText(record.heading);
        await expect(main.getByRole("tablist")).toBeVisible();
        await expect(main.getByRole("tabpanel")).toBeVisible();
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
          "href",
          new URL(record.path, page.url()).href,
        );
      });
    }

    // HUSI_2000 has one tab (no mutations): the disease and gene pages show the tab keys.
    if (record.secondTab)
      test("is keyboard operable: arrow keys switch tabs and the address keeps the tab", async ({ page }) => {
        await page.goto(record.path);
        const tabs = page.getByTestId(record.testId).getByRole("tab");
        await tabs.first().focus();
        await page.keyboard.press("ArrowRight");
        await expect(tabs.nth(1)).toBeFocused();
        await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
        await expect(page).toHaveURL(new RegExp(`[?&]tab=${record.secondTab}`));
        const panel = page.getByTestId(`panel-${record.secondTab}`);
        await expect(panel).toContainText(record.secondText!);
        // A hidden tab keeps the server's markup until chosen: once chosen it is the app's, and answers.
        await panel.getByTestId(`api-${record.secondTab}`).click();
        await expect(panel.getByTestId(`api-${record.secondTab}-dialog`)).toBeVisible();
        await page.keyboard.press("Escape");
        // The address reloads to the same view.
        await page.reload();
        await expect(page.getByTestId(record.testId).getByRole("tab", { selected: true })).toHaveAttribute(
          "data-testid",
          `tab-${record.secondTab}`,
        );
      });

    test("shows its content with scripts off", async ({ browser, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
      try {
        const page = await context.newPage();
        await page.goto(record.path);
        const main = page.getByTestId(record.testId);
        await expect(main.getByRole("heading", { level: 1 })).toHaveText(record.heading);
        // Every panel is in the page and, with no script to switch them, shown.
        const panels = main.locator('.gene-card-body > [role="tabpanel"]');
        expect(await panels.count()).toBeGreaterThan(0);
        for (const panel of await panels.all()) await expect(panel).toBeVisible();
        if (record.secondTab)
          await expect(page.getByTestId(`panel-${record.secondTab}`)).toContainText(record.secondText!);
        // The outline a screen reader navigates: no heading skips a level (the h1 card, h2 mini-cards).
        const levels = await page.evaluate(() =>
          Array.from(document.querySelectorAll("h1, h2, h3, h4, h5, h6"))
            .filter((heading) => (heading as HTMLElement).offsetParent !== null)
            .map((heading) => Number(heading.tagName[1])),
        );
        const skips = levels.filter((level, index) => index > 0 && level > levels[index - 1]! + 1);
        expect(skips, `heading levels in order: ${levels.join(" ")}`).toEqual([]);
        expect(await page.locator("html").getAttribute("data-app-ready")).toBeNull();
      } finally {
        await context.close();
      }
    });
  });
}

test("a record page starts the app on its first use: its view counted once, a tab clicked before then shown", async ({
  browser,
  baseURL,
  request,
}) => {
  const totalVisits = async () =>
    ((await (await request.get("/api/stats/visits")).json()) as { data: { total_visits: number } }).data
      .total_visits;
  const before = await totalVisits();
  // A context of its own: its page's navigations do not start the app (support/test.ts does).
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    const counted = page.waitForResponse((response) => response.url().endsWith("/api/stats/record-visit"));
    await page.goto("/gene/DLG4");
    expect((await counted).status()).toBe(200);
    // Read, not used: the view is counted, and the app has not started.
    expect(await totalVisits()).toBe(before + 1);
    expect(await page.locator("html").getAttribute("data-app-ready")).toBeNull();
    // The app sends the same view again once it runs (its id unchanged): it stays one visit.
    const countedAgain = page.waitForResponse(
      async (response) =>
        response.url().endsWith("/graphql") &&
        (response.request().postData() ?? "").includes('"RecordVisit"') &&
        (await response.text()).includes('"recordVisit"'),
    );
    // A click starts the app, and the tab it chose is held until then, and shown. A click alone, with no
    // pointer or key before it, as a screen reader activates a control.
    const tab = page.getByTestId("gene-page").getByTestId("tab-diseases");
    await tab.dispatchEvent("click");
    await expect(tab).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/[?&]tab=diseases/);
    await expect(page.locator("html")).toHaveAttribute("data-app-ready", "true");
    await countedAgain;
    expect(await totalVisits()).toBe(before + 1);
  } finally {
    await context.close();
  }
});

test("a search result opens its record's page, and an unknown record lists the nearest ones", async ({
  page,
}) => {
  await page.goto("/gene-search?q=DLG4");
  const card = page.locator('[data-testid="gene-card"][data-gene="DLG4"]');
  await card.getByTestId("gene-page-link").click();
  await expect(page).toHaveURL(/\/gene\/DLG4$/);
  await expect(page.getByTestId("gene-page").getByRole("heading", { level: 1 })).toHaveText(/DLG4/);

  const response = await page.goto("/gene/DLG");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("No gene “DLG”");
  await page.getByTestId("nearest-records").getByRole("link", { name: "DLG4", exact: true }).click();
  await expect(page).toHaveURL(/\/gene\/DLG4$/);
});
