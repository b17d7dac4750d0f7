import { expect, type Page } from "@playwright/test";

/** Calls more than ten endpoints, each answered 200, so the API usage dashboard's top 10 is full. */
export async function callMoreThanTenEndpoints(page: Page): Promise<void> {
  for (const path of [
    "/api/gene/table",
    "/api/gene/table?page=2",
    "/api/disease/table",
    "/api/paper/table",
    "/api/gene/search?q=DLG4",
    "/api/disease/search?q=epilepsy",
    "/api/paper/search?q=2019",
    "/api/autocomplete?q=DL",
    "/api/proteins/compartments",
    "/api/disease-classifications",
    "/api/stats/accumulated-diseases",
    "/api/stats/new-diseases",
    "/api/consensus/genes",
    "/api/stats/counter",
  ])
    expect((await page.request.get(path)).ok(), path).toBe(true);
}
