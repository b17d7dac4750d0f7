import { describe, expect, it } from "vitest";
import "reflect-metadata";
import { portalSchema } from "../../gateway/graphql/schema";
import { analysisOpenApiPaths } from "../../gateway/rest/analysis.routes";
import { openApiDocument } from "../../gateway/rest/openapi";
import { restRoutes } from "../../gateway/rest/routes/index";
import {
  ALL_CATEGORY,
  API_CATEGORIES,
  type ApiEndpoint,
  actionLabel,
  buildRequestBody,
  buildRequestUrl,
  categoryCounts,
  endpointsFromOpenApi,
  filterEndpoints,
  showingText,
} from "../../web/src/lib/apiCatalog";

// The document as /api/openapi.json serves it: the route table plus the analysis routes.
const tableDoc = openApiDocument(restRoutes, { version: "test", datasetVersion: "0.0.0" }, portalSchema());
const doc = { ...tableDoc, paths: { ...tableDoc.paths, ...analysisOpenApiPaths(portalSchema()) } };
const endpoints = endpointsFromOpenApi(doc as never);
const analysisOperations = Object.values(analysisOpenApiPaths(portalSchema())).flatMap((item) =>
  Object.keys(item ?? {}),
);

describe("API catalogue from the OpenAPI document", () => {
  it("lists every route of the route table once, with its category and format", () => {
    expect(endpoints).toHaveLength(restRoutes.length + analysisOperations.length);
    for (const route of restRoutes) {
      const path = route.path.replace(/:(\w+)/g, "{$1}");
      const endpoint = endpoints.find((e) => e.id === `${route.method} ${path}`);
      expect(endpoint, `${route.method} ${path}`).toBeDefined();
      expect(endpoint!.category).toBe(route.category);
      expect(endpoint!.format).toBe(route.response);
      expect(endpoint!.description).toBe(route.summary);
      const documented = route.params.map((p) => p.name).sort();
      expect(endpoint!.parameters.map((p) => p.name).sort()).toEqual(documented);
    }
  });

  it("uses only the documented categories, and the counts add up to 'all'", () => {
    const keys = API_CATEGORIES.map((c) => c.key);
    for (const e of endpoints) expect(keys, e.id).toContain(e.category);
    const counts = categoryCounts(endpoints);
    expect(counts.get(ALL_CATEGORY)).toBe(endpoints.length);
    const sum = API_CATEGORIES.filter((c) => c.key !== ALL_CATEGORY).reduce(
      (n, c) => n + (counts.get(c.key) ?? 0),
      0,
    );
    expect(sum).toBe(endpoints.length);
    expect(API_CATEGORIES.map((c) => c.label)).toEqual([
      "All Endpoints",
      "Search",
      "Statistics",
      "Data (CSV)",
      "Relationship (CSV)",
      "Protein",
      "Disease Classification",
      "Filter",
      "Additional CSV Exports",
      "Analysis",
      "Data package",
    ]);
  });

  it("marks path parameters required and reads body parameters of a POST", () => {
    const tab = endpoints.find((e) => e.path === "/api/gene/{id}/tab/{tab}")!;
    expect(tab.parameters.filter((p) => p.in === "path").every((p) => p.required)).toBe(true);
    const visit = endpoints.find((e) => e.method === "POST")!;
    expect(visit.parameters.some((p) => p.in === "body")).toBe(true);
  });

  it("gives every CSV endpoint its documented columns (meaning, unit), and JSON endpoints none", () => {
    for (const route of restRoutes) {
      const endpoint = endpoints.find(
        (e) => e.id === `${route.method} ${route.path.replace(/:(\w+)/g, "{$1}")}`,
      )!;
      if (route.response === "json") {
        expect(endpoint.csvTables, endpoint.id).toEqual([]);
        continue;
      }
      expect(endpoint.csvTables, endpoint.id).toHaveLength(1);
      const columns = endpoint.csvTables[0]!.columns;
      expect(columns.map((c) => c.name)).toEqual(route.columns.map((c) => c.header));
      for (const c of columns) expect(c.meaning, `${endpoint.id} ${c.name}`).not.toBe("");
    }
    const analyze = endpoints.find((e) => e.id === "POST /api/analyze")!;
    expect(analyze.csvTables.map((t) => t.table)).toEqual(["enrichment", "genes", "mapping"]);
    const gene = endpoints.find((e) => e.id === "GET /api/gene/{id}/csv")!;
    expect(gene.csvTables[0]!.columns[0]).toEqual({
      name: "Gene ID",
      meaning: "Internal GeneID of the portal (DLG4 = 1)",
      unit: "integer",
    });
  });
});

const sample = (over: Partial<ApiEndpoint>): ApiEndpoint => ({
  id: "GET /x",
  method: "GET",
  path: "/x",
  description: "",
  category: "Search",
  parameters: [],
  responses: [],
  format: "json",
  csvTables: [],
  ...over,
});

describe("catalogue filter", () => {
  const list = [
    sample({ id: "a", path: "/api/gene/search", description: "Search genes", category: "Search" }),
    sample({ id: "b", path: "/api/stats/visits", description: "Unique VISITORS", category: "Statistics" }),
    sample({
      id: "c",
      path: "/api/genes",
      description: "Genes table",
      category: "Data (CSV)",
      format: "csv",
    }),
  ];
  it("matches path or description case-insensitively, within a category", () => {
    expect(filterEndpoints(list, "GENE", ALL_CATEGORY).map((e) => e.id)).toEqual(["a", "c"]);
    expect(filterEndpoints(list, "visitors", ALL_CATEGORY).map((e) => e.id)).toEqual(["b"]);
    expect(filterEndpoints(list, "gene", "Data (CSV)").map((e) => e.id)).toEqual(["c"]);
    expect(filterEndpoints(list, "  ", "Statistics").map((e) => e.id)).toEqual(["b"]);
    expect(filterEndpoints(list, "nothing-like-this", ALL_CATEGORY)).toEqual([]);
  });
  it("says how many are shown, with the filter text", () => {
    expect(showingText(2, 3, "")).toBe("Showing 2 out of 3 endpoints");
    expect(showingText(1, 3, " gene ")).toBe('Showing 1 out of 3 endpoints matching "gene"');
  });
  it("labels file categories and CSV responses 'Download CSV'", () => {
    expect(actionLabel({ category: "Data (CSV)", format: "csv" })).toBe("Download CSV");
    expect(actionLabel({ category: "Relationship (CSV)", format: "csv" })).toBe("Download CSV");
    expect(actionLabel({ category: "Data package", format: "file" })).toBe("Download file");
    expect(actionLabel({ category: "Data package", format: "json" })).toBe("Execute API");
    expect(actionLabel({ category: "Additional CSV Exports", format: "csv" })).toBe("Download CSV");
    expect(actionLabel({ category: "Protein", format: "csv" })).toBe("Download CSV");
    expect(actionLabel({ category: "Search", format: "json" })).toBe("Execute API");
  });
});

describe("request URL", () => {
  it("substitutes :name and {name} path parameters with trimmed, encoded values", () => {
    expect(buildRequestUrl("/api/gene/:id/tab/:tab", { id: " 12 ", tab: "diseases" })).toBe(
      "/api/gene/12/tab/diseases",
    );
    expect(
      buildRequestUrl("/api/proteins/compartment/{compartment}", { compartment: "Synaptic Vesicle/x" }),
    ).toBe("/api/proteins/compartment/Synaptic%20Vesicle%2Fx");
  });
  it("keeps an empty path parameter's placeholder and leaves empty values out of the query", () => {
    expect(buildRequestUrl("/api/gene/{id}/csv", { id: "  " })).toBe("/api/gene/{id}/csv");
    expect(buildRequestUrl("/api/gene/:id", { id: "", q: "" })).toBe("/api/gene/:id");
  });
  it("adds the other non-empty values as the query string", () => {
    expect(buildRequestUrl("/api/gene/search", { q: " DLG4 ", page: "2", pageSize: "" })).toBe(
      "/api/gene/search?q=DLG4&page=2",
    );
    expect(
      buildRequestUrl(
        "/api/stats/record-visit",
        { path: "/", visitorId: "v" },
        new Set(["path", "visitorId"]),
      ),
    ).toBe("/api/stats/record-visit");
  });
  it("types the body of a POST and leaves empty values out", () => {
    const parameters = [
      { name: "path", in: "body" as const, type: "string", description: "", required: true },
      { name: "n", in: "body" as const, type: "integer", description: "", required: false },
      { name: "q", in: "query" as const, type: "string", description: "", required: false },
    ];
    expect(buildRequestBody(parameters, { path: " /about ", n: "3", q: "x" })).toEqual({
      path: "/about",
      n: 3,
    });
    expect(buildRequestBody(parameters, { path: "", n: "" })).toEqual({});
  });
});
