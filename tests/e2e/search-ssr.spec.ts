import { sentOperation } from "./support/graphql-request";
import { expect, test } from "./support/test";

/*
 * A search's address arrives with its first page of results in the HTML (gateway/http/web-pages.ts
 * runs the screen's queries in-process and web/src/prerender.tsx renders them), and the browser's client
 * takes over from the Apollo cache the page carries: no second fetch, nothing moves.
 *
 * Expected values come from the bundled dataset: 'DLG4' finds 2 genes, DLG4 first (the protein-name
 * lookup adds LLGL1); 'epilepsy' finds 52 diseases (6 pages), Epilepsy (DOID:1826) first; 'proteome'
 * finds 64 publications (7 pages), POSTSYNE_2022_SAMPLE (PMID 99100005) first.
 */
const SEARCHES = [
  {
    screen: "gene",
    path: "/gene-search?q=DLG4",
    operation: "GeneSearch",
    count: "2 genes found for “DLG4”",
    key: 'data-gene="DLG4"',
    firstText: "discs large MAGUK scaffold protein 4",
  },
  {
    screen: "disease",
    path: "/disease-search?q=epilepsy",
    operation: "DiseaseSearch",
    count: "52 diseases found for “epilepsy” · page 1 of 6",
    key: 'data-hdoid="DOID:1826"',
    firstText: "A brain disease that is characterized by",
  },
  {
    screen: "paper",
    path: "/paper-search?q=proteome",
    operation: "PaperSearch",
    count: "64 publications found for “proteome” · page 1 of 7",
    key: 'data-pmid="99100005"',
    firstText: "POSTSYNE_2022_SAMPLE",
  },
] as const;

/** React's text separators (`<!-- -->`) and tags out: the text a reader sees, in one line. */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ");

for (const search of SEARCHES) {
  const cards = `[data-testid="${search.screen}-card"]`;

  test.describe(`${search.path} server-rendered with its results`, () => {
    test("the HTML holds the first page of results and the cache they came from", async ({ page }) => {
      const response = await page.request.get(search.path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      // The first card is the first result's: its key and text, and the results count.
      const firstCard = html.indexOf(`data-testid="${search.screen}-card"`);
      expect(firstCard).toBeGreaterThan(0);
      const cardOpen = html.lastIndexOf("<", firstCard);
      expect(html.slice(cardOpen, html.indexOf(">", firstCard))).toContain(search.key);
      expect(html).toContain(search.firstText);
      expect(textOf(html)).toContain(search.count);
      // Nothing is loading, and the cache travels as JSON after #root (not a script that runs).
      expect(html).not.toContain('aria-busy="true"');
      const state = html.match(/<script type="application\/json" id="apollo-state">([^<]*)<\/script>/);
      expect(state, "the page carries its Apollo cache").not.toBeNull();
      const cache = JSON.parse(state![1]!) as { ROOT_QUERY: Record<string, unknown> };
      const root = Object.keys(cache.ROOT_QUERY);
      expect(root.some((field) => field.startsWith(`${search.screen}Search(`))).toBe(true);
    });

    test("shows its results with JavaScript disabled", async ({ browser, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
      try {
        const page = await context.newPage();
        await page.goto(search.path);
        const results = page.getByTestId(`${search.screen}-results`);
        await expect(results.getByTestId("results-count")).toHaveText(search.count);
        const first = page.locator(cards).first();
        await expect(first).toBeVisible();
        await expect(first).toContainText(search.firstText);
        expect(await page.locator(cards).count()).toBeGreaterThan(1);
        // No app started: this is the server's HTML alone.
        expect(await page.locator("html").getAttribute("data-app-ready")).toBeNull();

        // The box is a plain form too: a term typed and submitted loads that search's page.
        const term = new URL(search.path, baseURL).searchParams.get("q")!;
        await page.goto(new URL(search.path, baseURL).pathname);
        await page.getByTestId(`${search.screen}-search-box`).locator("input").fill(term);
        await page.getByTestId(`${search.screen}-search-box`).locator("input").press("Enter");
        await page.waitForURL(search.path);
        await expect(results.getByTestId("results-count")).toHaveText(search.count);
      } finally {
        await context.close();
      }
    });

    test("the app takes over without fetching the search again and without moving the results", async ({
      page,
    }) => {
      const operations: string[] = [];
      page.on("request", (request) => {
        const operation = sentOperation(request)?.operationName;
        if (operation) operations.push(operation);
      });
      // Before any of the page's scripts: layout shifts; where the first card is on the first frame
      // that has all of it (the browser paints a long page before it has read all of it); and where the
      // results and the first card are once the server's HTML is all read (DOMContentLoaded: the app's
      // code is loaded and hydrates later, src/main.tsx).
      await page.addInitScript((selector) => {
        const w = window as unknown as Record<string, unknown>;
        w.layoutShifts = [];
        new PerformanceObserver((list) => {
          type Shift = {
            value: number;
            startTime: number;
            hadRecentInput: boolean;
            sources: { node?: Node; previousRect: DOMRect; currentRect: DOMRect }[];
          };
          for (const entry of list.getEntries() as unknown as Shift[]) {
            if (entry.hadRecentInput) continue;
            // What moved, for the failure message.
            const sources = entry.sources.map((source) => {
              const node = source.node as Element | undefined;
              const name = node?.getAttribute?.("data-testid") ?? node?.className ?? node?.nodeName;
              return `${String(name)} ${JSON.stringify(source.previousRect)} -> ${JSON.stringify(source.currentRect)}`;
            });
            (w.layoutShifts as unknown[]).push({ value: entry.value, startTime: entry.startTime, sources });
          }
        }).observe({ type: "layout-shift", buffered: true });
        // The frames the app can move things in. The first frame after DOMContentLoaded is the first with
        // all of the server's HTML, and the app starts only after it (src/main.tsx waits for a frame, then
        // a task): what moves up to that frame moves because the browser painted part of an element
        // while its HTML was still arriving (a button without its label, run Q), not because of the app.
        // Shifts count from the frame after it on: from the moment that frame's callbacks run, since a
        // shift is timed when its frame is laid out, after them (a frame's own timestamp is its start,
        // which can come before the previous frame's layout when that one ran late).
        document.addEventListener("DOMContentLoaded", () =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              w.appFramesFrom = performance.now();
            }),
          ),
        );
        const place = (element: Element) => {
          const box = element.getBoundingClientRect();
          return {
            x: box.x + window.scrollX,
            y: box.y + window.scrollY,
            width: box.width,
            height: box.height,
          };
        };
        const firstFrame = () => {
          const card = document.querySelector(selector);
          // The first frame with the whole card: the parser has read past its end (the next card has
          // begun, or the document is read). A frame painted while the parser is inside the card (it
          // yields on a busy machine) shows it growing as it streams in, which is not the app moving it.
          const whole = card && (card.nextElementSibling || document.readyState !== "loading");
          if (!whole) return requestAnimationFrame(firstFrame);
          w.firstFrameCard = place(card);
          w.serverCard = card;
        };
        requestAnimationFrame(firstFrame);
        w.placeOf = place; // for the measure after hydration, in the same page
        document.addEventListener("DOMContentLoaded", () => {
          w.serverPage = {
            appReady: document.documentElement.hasAttribute("data-app-ready"),
            results: place(document.querySelector('[data-testid$="-results"]')!),
            card: place(document.querySelector(selector)!),
          };
        });
      }, cards);

      await page.goto(search.path); // waits for the app (support/test.ts)
      await page.waitForLoadState("networkidle");
      await expect(page.getByTestId("results-count")).toHaveText(search.count);

      expect(operations, "GraphQL operations the page sent").not.toContain(search.operation);
      if (search.screen === "gene") expect(operations).not.toContain("ConsensusGeneEntrezIds");

      const after = await page.evaluate((selector) => {
        const w = window as unknown as Record<string, unknown>;
        const place = w.placeOf as (element: Element) => object;
        const card = document.querySelector(selector)!;
        return {
          firstFrameCard: w.firstFrameCard,
          serverPage: w.serverPage as { appReady: boolean; results: object; card: object },
          results: place(document.querySelector('[data-testid$="-results"]')!),
          card: place(card),
          sameCard: card === w.serverCard,
          appFramesFrom: w.appFramesFrom as number | undefined,
          layoutShifts: w.layoutShifts as { value: number; startTime: number; sources: string[] }[],
        };
      }, cards);
      // The server's page was shown before the app started, and the app kept its elements where
      // they were.
      expect(after.serverPage.appReady).toBe(false);
      expect(after.sameCard, "the first card is the server's element, hydrated").toBe(true);
      expect(after.card).toEqual(after.firstFrameCard);
      expect(after.card).toEqual(after.serverPage.card);
      expect(after.results).toEqual(after.serverPage.results);
      expect(after.appFramesFrom, "a frame after the server's page was all read").toBeGreaterThan(0);
      const shifts = after.layoutShifts.filter((shift) => shift.startTime >= after.appFramesFrom!);
      expect(
        shifts.reduce((sum, shift) => sum + shift.value, 0),
        `layout shifts: ${shifts.flatMap((shift) => shift.sources).join("; ")}`,
      ).toBe(0);
    });
  });
}

test("a term typed before the app has hydrated the page is kept and searched", async ({ page }) => {
  // The app's scripts are held until the reader has typed into the server's markup.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const box = page.getByTestId("disease-search-box").locator("input");
  // Not awaited yet: the navigation waits for the app, which waits for its scripts.
  const loaded = page.goto("/disease-search?q=epilepsy");
  await expect(box).toHaveValue("epilepsy");
  await box.fill("DOID:1826");
  expect(await page.locator("html").getAttribute("data-app-ready")).toBeNull();
  release();
  await loaded;
  await expect(box).toHaveValue("DOID:1826");
  await box.press("Enter");
  await page.waitForURL((url) => url.searchParams.get("q") === "DOID:1826");
  await expect(page.getByTestId("results-count")).toHaveText("1 disease found for “DOID:1826”");
});
