import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "./databases";
import { type RunningPortal, startPortal } from "./portal";

interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data: T;
  is_synthetic?: boolean;
  localizations?: string[];
  includes_synthetic_samples?: boolean;
  total_calls?: number;
}
type CounterRow = { endpoint: string; count: number; last_called: string | null };
type LocalizationRow = Record<string, number> & { year: number; total_accumulated: number };

const LOCALIZATIONS = ["Postsynaptic", "Presynaptic", "Synaptic_Vesicle", "Synaptosome"];

describe.each(testDatabases)("history charts and API counter on $kind", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    api = await startPortal(db);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("accumulates diseases by discovery year and says the years are synthetic", async () => {
    const { status, body } = await api.json<Envelope<{ year: number; accumulated_disease_count: number }[]>>(
      "/api/stats/accumulated-diseases",
    );
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.message).toBe("Discovery years in this release are synthetic sample data");
    expect(body.is_synthetic).toBe(true);
    expect(body.data).toHaveLength(169);
    expect(body.data[0]).toEqual({ year: 1850, accumulated_disease_count: 2 });
    expect(body.data[1]).toEqual({ year: 1851, accumulated_disease_count: 4 });
    expect(body.data.at(-1)).toEqual({ year: 2021, accumulated_disease_count: 3554 });
    for (let i = 1; i < body.data.length; i++) {
      expect(body.data[i]!.year).toBeGreaterThan(body.data[i - 1]!.year);
      expect(body.data[i]!.accumulated_disease_count).toBeGreaterThan(
        body.data[i - 1]!.accumulated_disease_count,
      );
    }
  });

  it("counts new diseases per year, adding up to the accumulated curve", async () => {
    const { status, body } =
      await api.json<Envelope<{ year: number; new_disease_count: number }[]>>("/api/stats/new-diseases");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.message).toBe("Discovery years in this release are synthetic sample data");
    expect(body.is_synthetic).toBe(true);
    expect(body.data.at(-1)).toEqual({ year: 2021, new_disease_count: 49 });
    const accumulated = (
      await api.json<Envelope<{ year: number; accumulated_disease_count: number }[]>>(
        "/api/stats/accumulated-diseases",
      )
    ).body.data;
    let sum = 0;
    body.data.forEach((row, i) => {
      sum += row.new_disease_count;
      expect(accumulated[i]).toEqual({ year: row.year, accumulated_disease_count: sum });
    });
  });

  it("accumulates gene localizations per study year with one field per compartment", async () => {
    const { status, body } = await api.json<Envelope<LocalizationRow[]>>(
      "/api/stats/accumulated-gene-localizations",
    );
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.localizations).toEqual(LOCALIZATIONS);
    expect(body.includes_synthetic_samples).toBe(true);
    expect(body.message).toContain("synthetic sample studies");
    expect(body.data[0]).toEqual({
      year: 2000,
      Postsynaptic: 105,
      Presynaptic: 0,
      Synaptic_Vesicle: 0,
      Synaptosome: 0,
      total_accumulated: 105,
    });
    // By the last year every compartment holds all the genes ever reported there (the compartment counts).
    expect(body.data.at(-1)).toEqual({
      year: 2022,
      Postsynaptic: 4326,
      Presynaptic: 3632,
      Synaptic_Vesicle: 282,
      Synaptosome: 7534,
      total_accumulated: 4326 + 3632 + 282 + 7534,
    });
    for (const row of body.data)
      expect(row.total_accumulated).toBe(LOCALIZATIONS.reduce((sum, l) => sum + row[l]!, 0));
    for (let i = 1; i < body.data.length; i++)
      for (const l of LOCALIZATIONS) expect(body.data[i]![l]).toBeGreaterThanOrEqual(body.data[i - 1]![l]!);
  });

  it("marks synthetic discovery years in GraphQL", async () => {
    const { body } = await api.graphql<{
      diseaseHistory: {
        isSynthetic: boolean;
        note: string;
        years: { year: number; newDiseaseCount: number }[];
      };
      geneLocalizationHistory: { localizations: string[]; years: { counts: { localization: string }[] }[] };
    }>(`{ diseaseHistory { isSynthetic note years { year newDiseaseCount } }
          geneLocalizationHistory { localizations years { counts { localization } } } }`);
    expect(body.data?.diseaseHistory.isSynthetic).toBe(true);
    expect(body.data?.diseaseHistory.note).toBe("Discovery years in this release are synthetic sample data");
    expect(body.data?.diseaseHistory.years[0]).toEqual({ year: 1850, newDiseaseCount: 2 });
    expect(body.data?.geneLocalizationHistory.years[0]?.counts.map((c) => c.localization)).toEqual(
      LOCALIZATIONS,
    );
  });

  it("keeps SQL round trips of the history endpoints fixed", async () => {
    for (const path of [
      "/api/stats/accumulated-diseases",
      "/api/stats/new-diseases",
      "/api/stats/accumulated-gene-localizations",
    ]) {
      const response = await api.get(path);
      // 4, plus the release key read after the answer (ReleaseWatcher.withinOneRelease).
      expect(Number(response.headers.get("x-sql-queries"))).toBeLessThanOrEqual(5);
    }
  });

  it("counts API calls per route pattern and hides the counter itself", async () => {
    const before = await api.json<Envelope<CounterRow[]>>("/api/stats/counter");
    expect(before.status).toBe(200);
    expect(before.body.success).toBe(true);
    await api.get("/api/proteins/compartments");
    await api.get("/api/gene/1/tab/papers");
    await api.get("/api/gene/2/tab/papers");
    const after = await api.json<Envelope<CounterRow[]>>("/api/stats/counter");
    const count = (rows: CounterRow[], endpoint: string) =>
      rows.find((r) => r.endpoint === endpoint)?.count ?? 0;
    expect(count(after.body.data, "GET /api/proteins/compartments")).toBe(
      count(before.body.data, "GET /api/proteins/compartments") + 1,
    );
    // Counted by route pattern, not by concrete URL.
    expect(count(after.body.data, "GET /api/gene/:id/tab/:tab")).toBe(
      count(before.body.data, "GET /api/gene/:id/tab/:tab") + 2,
    );
    expect(after.body.data.some((r) => r.endpoint.includes("/api/gene/1/"))).toBe(false);
    // The counter endpoint's own calls are in neither the list nor the total: the total is the listed sum.
    expect(after.body.data.some((r) => r.endpoint === "GET /api/stats/counter")).toBe(false);
    expect(after.body.total_calls).toBe(before.body.total_calls! + 3);
    expect(after.body.total_calls).toBe(after.body.data.reduce((sum, r) => sum + r.count, 0));
    const row = after.body.data.find((r) => r.endpoint === "GET /api/proteins/compartments")!;
    expect(Date.now() - Date.parse(row.last_called!)).toBeLessThan(60_000);
    const counts = after.body.data.map((r) => r.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(after.body.message).toBe(`${after.body.total_calls} API calls recorded`);
  });

  it("serves API usage through GraphQL", async () => {
    const { body } = await api.graphql<{
      apiUsage: { totalCalls: number; endpoints: { endpoint: string; count: number }[] };
    }>("{ apiUsage { totalCalls endpoints { endpoint count } } }");
    expect(body.data?.apiUsage.totalCalls).toBeGreaterThan(0);
    expect(
      body.data?.apiUsage.endpoints.find((e) => e.endpoint === "GET /api/stats/counter"),
    ).toBeUndefined();
  });
});
