import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutes } from "../../gateway/rest/routes/index";
import { testDatabases } from "./databases";
import { type RunningPortal, sharedPortal } from "./portal";

/** A valid value for every path or required parameter, so only the integer under test is wrong. */
const sample: Record<string, string> = {
  id: "1",
  tab: "papers",
  chapter: "08",
  compartment: "Presynaptic",
  localization: "All",
  region_id: "1",
  hdoid: "DOID:0014667",
  pmid: "10818142",
  q: "DLG4",
  name: "PSD95",
};

/** Every integer parameter of every GET route of the REST table. */
const cases = restRoutes
  .filter((route) => route.method === "GET")
  .flatMap((route) =>
    route.params
      .filter((p) => p.type === "integer")
      .map((param) => ({ route, param, label: `${route.path} ${param.name}` })),
  );

function url(
  path: string,
  params: { name: string; in: string; required?: boolean }[],
  name: string,
  value: string,
) {
  let filled = path;
  const query = new URLSearchParams();
  for (const p of params) {
    const v =
      p.name === name ? value : p.name === "tab" && path.startsWith("/api/paper") ? "genes" : sample[p.name];
    if (p.in === "path") filled = filled.replace(`:${p.name}`, encodeURIComponent(v ?? "1"));
    else if (p.name === name || p.required) query.set(p.name, v ?? "1");
  }
  const search = query.toString();
  return search ? `${filled}?${search}` : filled;
}

const GRAPHQL_WORDING = /Variable|\$[A-Za-z]|got invalid value|Int cannot represent|GraphQL|non-integer/i;

describe.each(testDatabases)("REST integer parameters beyond 32 bits on $kind", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    api = await sharedPortal(db);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("covers the routes whose integers used to reach GraphQL unchecked", () => {
    const labels = cases.map((c) => c.label);
    expect(labels).toContain("/api/gene/:id/tab/:tab id");
    expect(labels).toContain("/api/gene/search page");
    expect(labels).toContain("/api/proteins/brain-regions/csv region_id");
    expect(labels).toContain("/api/gene/table minStudies");
    expect(cases.length).toBeGreaterThan(30);
  });

  it.each(cases)("$label: 2147483648 and 10^20 are 400 with a plain message", async ({ route, param }) => {
    for (const value of ["2147483648", "100000000000000000000", "-2147483649"]) {
      const response = await api.get(url(route.path, route.params, param.name, value));
      const body = (await response.json()) as { success: boolean; message: string };
      expect({ value, status: response.status }).toEqual({ value, status: 400 });
      expect(body.success).toBe(false);
      expect(body.message).not.toMatch(GRAPHQL_WORDING);
      if (param.message) expect(body.message).toBe(param.message);
      else
        expect(body.message).toMatch(new RegExp(`^${param.name} (is out of range|must be at (most|least))`));
    }
  });

  it("the largest 32-bit value is accepted as a value (answered 200 or a plain 404)", async () => {
    const response = await api.get("/api/gene/2147483647/tab/papers");
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toBe("Gene not found");
    const page = await api.get("/api/gene/search?q=DLG4&page=2147483647");
    expect(page.status).toBe(200);
  });
});
