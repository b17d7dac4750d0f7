import { describe, expect, it } from "vitest";
import {
  COUNTER_ENDPOINT,
  dashboardRows,
  type EndpointUsage,
  relativeTime,
  sortEndpoints,
  topEndpoints,
  visibleEndpoints,
} from "../../web/src/lib/apiUsage";
import {
  ariaSort,
  type CatalogSortConfig,
  catalogRequest,
  consensusLevel,
  formatPercentage,
  pageChange,
  readCatalogView,
  showingRange,
  toggleSort,
  writeCatalogView,
} from "../../web/src/lib/catalog";

const GENE: CatalogSortConfig = {
  keys: ["ID", "HumanName", "HumanEntrez", "MouseEntrez", "RatEntrez", "MGI", "PaperCount"],
  defaultKey: "ID",
  defaultDir: "asc",
};
const PAPER: CatalogSortConfig = {
  keys: ["Year", "PMID", "PaperTitle"],
  defaultKey: "Year",
  defaultDir: "desc",
};

describe("catalog view in the address", () => {
  it("falls back to the defaults (page 1, 20 rows, default sort)", () => {
    expect(readCatalogView(new URLSearchParams(), GENE)).toEqual({
      page: 1,
      pageSize: 20,
      sort: "ID",
      dir: "asc",
      search: "",
      consensusOnly: false,
      minStudies: null,
    });
    expect(readCatalogView(new URLSearchParams(), PAPER)).toMatchObject({ sort: "Year", dir: "desc" });
  });

  it("reads every parameter and rejects invalid values", () => {
    const view = readCatalogView(
      new URLSearchParams(
        "page=3&pageSize=50&sort=MGI&dir=desc&search=%20dlg%20&consensusOnly=true&minStudies=5",
      ),
      GENE,
    );
    expect(view).toEqual({
      page: 3,
      pageSize: 50,
      sort: "MGI",
      dir: "desc",
      search: "dlg",
      consensusOnly: true,
      minStudies: 5,
    });
    const bad = readCatalogView(
      new URLSearchParams("page=-2&pageSize=33&sort=Colour&dir=up&consensusOnly=yes&minStudies=x"),
      GENE,
    );
    expect(bad).toMatchObject({
      page: 1,
      pageSize: 20,
      sort: "ID",
      dir: "asc",
      consensusOnly: false,
      minStudies: null,
    });
    // A non-default key without a direction sorts ascending.
    expect(readCatalogView(new URLSearchParams("sort=PMID"), PAPER)).toMatchObject({
      sort: "PMID",
      dir: "asc",
    });
  });

  it("writes only what differs from the defaults and round-trips", () => {
    const defaults = readCatalogView(new URLSearchParams(), PAPER);
    expect(writeCatalogView(defaults, PAPER).toString()).toBe("");
    const view = { ...defaults, page: 4, pageSize: 100, sort: "PMID", dir: "asc" as const, search: "2019" };
    const written = writeCatalogView(view, PAPER);
    expect(readCatalogView(written, PAPER)).toEqual(view);
  });
});

describe("catalog requests", () => {
  const view = {
    page: 2,
    pageSize: 50,
    sort: "PaperCount",
    dir: "desc" as const,
    search: "SYN",
    consensusOnly: true,
    minStudies: 3,
  };

  it("asks GraphQL, the REST table and the CSV for the same page of the gene catalog", () => {
    const request = catalogRequest(view, "gene");
    // GraphQL takes the enums' names; REST and the CSV keep the documented values.
    expect(request.variables).toEqual({
      page: 2,
      pageSize: 50,
      sortBy: "PAPER_COUNT",
      sortDir: "DESC",
      search: "SYN",
      consensusOnly: true,
      minStudies: 3,
    });
    const table = new URL(request.restUrl, "http://x");
    const csv = new URL(request.csvUrl, "http://x");
    expect(table.pathname).toBe("/api/gene/table");
    expect(csv.pathname).toBe("/api/gene/csv");
    for (const url of [table, csv]) {
      expect(Object.fromEntries(url.searchParams)).toEqual({
        page: "2",
        pageSize: "50",
        sortBy: "PaperCount",
        sortDir: "desc",
        search: "SYN",
        consensusOnly: "true",
        minStudies: "3",
      });
    }
  });

  it("leaves minStudies and a false consensus flag out of the disease and paper requests", () => {
    const request = catalogRequest({ ...view, consensusOnly: false, search: "" }, "disease");
    expect(request.variables).not.toHaveProperty("minStudies");
    expect(request.variables.consensusOnly).toBe(false);
    expect(request.restUrl).toBe("/api/disease/table?page=2&pageSize=50&sortBy=PaperCount&sortDir=desc");
    expect(catalogRequest(view, "paper").csvUrl).toBe(
      "/api/paper/csv?sortBy=PaperCount&sortDir=desc&search=SYN&consensusOnly=true&page=2&pageSize=50",
    );
  });
});

describe("catalog sorting and paging", () => {
  const view = readCatalogView(new URLSearchParams("page=5"), PAPER);

  it("toggles the active column and sorts another column ascending, back on page 1", () => {
    expect(toggleSort(view, "Year")).toMatchObject({ sort: "Year", dir: "asc", page: 1 });
    expect(toggleSort({ ...view, dir: "asc" }, "Year")).toMatchObject({ dir: "desc" });
    expect(toggleSort(view, "PMID")).toMatchObject({ sort: "PMID", dir: "asc", page: 1 });
  });

  it("marks headers with aria-sort", () => {
    expect(ariaSort(view, "Year")).toBe("descending");
    expect(ariaSort({ sort: "PMID", dir: "asc" }, "PMID")).toBe("ascending");
    expect(ariaSort(view, "PMID")).toBe("none");
  });

  it("ignores page changes outside 1..totalPages", () => {
    expect(pageChange(0, 1, 5)).toBeNull();
    expect(pageChange(6, 5, 5)).toBeNull();
    expect(pageChange(3, 3, 5)).toBeNull();
    expect(pageChange(2.5, 1, 5)).toBeNull();
    expect(pageChange(5, 1, 5)).toBe(5);
    expect(pageChange(1, 2, 5)).toBe(1);
  });

  it("computes the 'Showing a-b of N' range", () => {
    expect(showingRange(1, 20, 45)).toEqual({ from: 1, to: 20, total: 45 });
    expect(showingRange(3, 20, 45)).toEqual({ from: 41, to: 45, total: 45 });
    expect(showingRange(1, 20, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });

  it("highlights rows above 50 % consensus", () => {
    expect(consensusLevel(50.1)).toBe("high");
    expect(consensusLevel(50)).toBe("low");
    expect(consensusLevel(0)).toBe("low");
    expect(formatPercentage(62.456)).toBe("62.5%");
    expect(formatPercentage(100)).toBe("100%");
  });
});

describe("API usage dashboard rules", () => {
  const now = Date.parse("2026-01-10T12:00:00Z");
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const MIN = 60_000;

  it("writes relative times", () => {
    expect(relativeTime(null, now)).toBe("Never");
    expect(relativeTime("not a date", now)).toBe("Never");
    expect(relativeTime(ago(59_000), now)).toBe("Just now");
    expect(relativeTime(ago(MIN), now)).toBe("1 minute ago");
    expect(relativeTime(ago(59 * MIN), now)).toBe("59 minutes ago");
    expect(relativeTime(ago(60 * MIN), now)).toBe("1 hour ago");
    expect(relativeTime(ago(23 * 60 * MIN), now)).toBe("23 hours ago");
    expect(relativeTime(ago(24 * 60 * MIN), now)).toBe("1 day ago");
    expect(relativeTime(ago(6 * 24 * 60 * MIN), now)).toBe("6 days ago");
    const old = relativeTime(ago(7 * 24 * 60 * MIN), now);
    expect(old).not.toMatch(/ago/);
    expect(old).toMatch(/2026/);
    expect(old).toMatch(/\d{2}:\d{2}/);
  });

  const rows: EndpointUsage[] = [
    { endpoint: "GET /api/gene/search", count: 5, lastCalled: ago(10 * MIN) },
    { endpoint: COUNTER_ENDPOINT, count: 99, lastCalled: ago(0) },
    { endpoint: "GET /api/autocomplete", count: 5, lastCalled: ago(MIN) },
    { endpoint: "POST /api/stats/record-visit", count: 12, lastCalled: null },
    { endpoint: "GET /api/paper/table", count: 1, lastCalled: ago(2 * MIN) },
  ];

  it("hides the counter endpoint", () => {
    expect(visibleEndpoints(rows).map((r) => r.endpoint)).not.toContain(COUNTER_ENDPOINT);
    expect(visibleEndpoints([{ endpoint: "get /api/stats/counter/", count: 1, lastCalled: null }])).toEqual(
      [],
    );
    expect(visibleEndpoints(rows)).toHaveLength(4);
  });

  it("sorts by count (ties by name), by most recent call and by name", () => {
    const visible = visibleEndpoints(rows);
    expect(sortEndpoints(visible, "count").map((r) => r.endpoint)).toEqual([
      "POST /api/stats/record-visit",
      "GET /api/autocomplete",
      "GET /api/gene/search",
      "GET /api/paper/table",
    ]);
    expect(sortEndpoints(visible, "recent").map((r) => r.endpoint)).toEqual([
      "GET /api/autocomplete",
      "GET /api/paper/table",
      "GET /api/gene/search",
      "POST /api/stats/record-visit",
    ]);
    expect(sortEndpoints(visible, "name").map((r) => r.endpoint)).toEqual([
      "GET /api/autocomplete",
      "GET /api/gene/search",
      "GET /api/paper/table",
      "POST /api/stats/record-visit",
    ]);
  });

  it("keeps the top N unless all are shown", () => {
    const many = Array.from({ length: 14 }, (_, i) => ({
      endpoint: `GET /e${i}`,
      count: i,
      lastCalled: null,
    }));
    expect(topEndpoints(many, false)).toHaveLength(10);
    expect(topEndpoints(many, true)).toHaveLength(14);
    const top = dashboardRows(
      [...many, { endpoint: COUNTER_ENDPOINT, count: 1000, lastCalled: null }],
      "count",
      false,
    );
    expect(top).toHaveLength(10);
    expect(top[0]!.endpoint).toBe("GET /e13");
  });
});
