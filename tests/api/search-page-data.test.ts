import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "./databases";
import { type RunningPortal, startPortal } from "./portal";

/**
 * The data's time limit of this file's gateway (PAGE_DATA_TIMEOUT_MS): what a busy machine needs for a
 * search page, and short enough for the test of a search that never answers.
 */
const TIMEOUT_MS = 2000;

const STATE = /<script type="application\/json" id="apollo-state">/;
/** The disease search's loading frame: the results section busy, its spinner, no card. */
const expectLoadingFrame = (html: string) => {
  expect(html).toMatch(/<h1[^>]*>Disease Search<\/h1>/);
  expect(html).toMatch(/aria-busy="true" data-testid="disease-results"/);
  expect(html).toContain("Searching for");
  expect(html).not.toContain('data-testid="disease-card"');
  expect(html).not.toMatch(STATE);
};

/**
 * A search's address is rendered with its results (gateway/http/web-pages.ts); when its query fails or
 * is slower than the limit, the page is today's loading frame, answered 200 (never a 500), and not
 * kept: the next request renders the results.
 */
describe.each(testDatabases)("search pages rendered with their data ($kind)", (db) => {
  let api: RunningPortal;
  const saved = process.env.PAGE_DATA_TIMEOUT_MS;

  beforeAll(async () => {
    process.env.PAGE_DATA_TIMEOUT_MS = String(TIMEOUT_MS);
    try {
      api = await startPortal(db);
    } finally {
      if (saved === undefined) delete process.env.PAGE_DATA_TIMEOUT_MS;
      else process.env.PAGE_DATA_TIMEOUT_MS = saved;
    }
    // The first render loads the screen's code and warms the executor: not what the tests time.
    await (await api.get("/disease-search?q=warm")).text();
  });
  afterAll(() => api?.close());

  /** Runs `check` while the disease search answers as `search` does instead. */
  async function withDiseaseSearch(search: () => Promise<never>, check: () => Promise<void>) {
    const diseases = api.portal.services.diseases;
    const original = diseases.search;
    diseases.search = search;
    try {
      await check();
    } finally {
      diseases.search = original;
    }
  }

  it("puts the first page of results and their cache in the page, and keeps it", async () => {
    const page = await api.get("/disease-search?q=epilepsy");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-hdoid="DOID:1826"');
    expect(html).toMatch(STATE);
    // The bundled release has synthetic rows: marked, the first time and from the cache alike.
    expect(html).toMatch(/<html data-sample-dataset /);
    expect(await (await api.get("/disease-search?q=epilepsy")).text()).toBe(html);
  });

  it("sends the loading frame when the search fails, and renders the results once it answers", async () => {
    const url = "/disease-search?q=autism";
    await withDiseaseSearch(
      () => Promise.reject(new Error("the database went away")),
      async () => {
        const page = await api.get(url);
        expect(page.status).toBe(200);
        expectLoadingFrame(await page.text());
      },
    );
    const again = await (await api.get(url)).text();
    expect(again).toContain('data-hdoid="DOID:0060041"');
    expect(again).toMatch(STATE);
  });

  it("sends the loading frame when the search is slower than the limit", async () => {
    const url = "/disease-search?q=schizophrenia";
    await withDiseaseSearch(
      () => new Promise<never>(() => undefined), // never answers
      async () => {
        const started = Date.now();
        const page = await api.get(url);
        expect(page.status).toBe(200);
        expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 5_000);
        expectLoadingFrame(await page.text());
      },
    );
    const again = await (await api.get(url)).text();
    expect(again).toContain('data-testid="disease-card"');
  });
});
