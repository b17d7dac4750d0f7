import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "./databases";
import { type RunningPortal, sharedPortal } from "./portal";

/** Issue 17: deviations of the REST contract from spec 2 (§3, §5, §7, §8), one test each. */

interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data: T;
  [extra: string]: unknown;
}
interface ChapterSummary {
  chapter: string;
  disease_count: number;
  gene_count: number;
}

const parseCsv = (text: string) => parse(text, { columns: true }) as Record<string, string>[];

describe.each(testDatabases)("REST deviations of issue 17 on $kind", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    api = await sharedPortal(db);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("lists only numeric chapters with >= 5 diseases and >= 5 genes, by gene count descending, and each opens", async () => {
    const { status, body } = await api.json<Envelope<ChapterSummary[]>>("/api/disease-classifications");
    expect(status).toBe(200);
    const chapters = body.data.map((c) => c.chapter);
    expect(chapters).not.toContain("V");
    expect(chapters).not.toContain("X");
    for (const c of body.data) {
      expect(c.chapter).toMatch(/^\d+$/);
      expect(c.disease_count).toBeGreaterThanOrEqual(5);
      expect(c.gene_count).toBeGreaterThanOrEqual(5);
    }
    const counts = body.data.map((c) => c.gene_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(body.data.length).toBeGreaterThan(4);
    for (const c of body.data) {
      const opened = await api.get(`/api/disease-classifications/chapter/${c.chapter}`);
      expect({ chapter: c.chapter, status: opened.status }).toEqual({ chapter: c.chapter, status: 200 });
    }
  });

  it("a disease's chapter has one derivation: the explorer and diseases.csv agree (chapter 08: 842)", async () => {
    const csv = parseCsv(await (await api.get("/api/diseases")).text());
    const inCsv = csv.filter((r) => r["ICD-11 Chapter"] === "08");
    expect(inCsv).toHaveLength(842);
    const list = await api.json<Envelope<ChapterSummary[]>>("/api/disease-classifications");
    expect(list.body.data.find((c) => c.chapter === "08")?.disease_count).toBe(842);
    const detail = await api.json<
      Envelope<{ disease_count: number; diseases: { hdoid: string; omim_id: number | null }[] }>
    >("/api/disease-classifications/chapter/08");
    expect(detail.body.data.disease_count).toBe(842);
    expect(new Set(detail.body.data.diseases.map((d) => d.hdoid))).toEqual(
      new Set(inCsv.map((r) => r.HDOID)),
    );
    // A disease without an OMIM id still counts.
    const withoutOmim = inCsv.filter((r) => r["OMIM IDs"] === "").map((r) => r.HDOID);
    expect(withoutOmim.length).toBeGreaterThan(0);
    expect(detail.body.data.diseases.find((d) => d.hdoid === withoutOmim[0])?.omim_id).toBeNull();
    // Every chapter of the list: its count is its number of rows in diseases.csv.
    for (const c of list.body.data)
      expect({ chapter: c.chapter, n: c.disease_count }).toEqual({
        chapter: c.chapter,
        n: csv.filter((r) => r["ICD-11 Chapter"] === c.chapter).length,
      });
  });

  it("spec 2 §8: a disease search with no match is 404 'No diseases found'", async () => {
    const none = await api.json<Envelope>("/api/disease/search?q=zzqqxxnotadisease");
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ success: false, message: "No diseases found" });
    const some = await api.json<Envelope<unknown[]>>("/api/disease/search?q=epilepsy");
    expect(some.status).toBe(200);
    expect(some.body.data.length).toBeGreaterThan(0);
  });

  it("spec 2 §8: an unknown localization is a 400 on every route that filters by it", async () => {
    for (const path of [
      "/api/paper/genes/filter?pmid=10818142&localization=Nowhere",
      "/api/paper/tab/10818142/genes?localization=Nowhere",
      "/api/paper/search?q=synaptic&geneLocalization=Nowhere",
    ]) {
      const { status, body } = await api.json<Envelope>(path);
      expect({ path, status }).toEqual({ path, status: 400 });
      expect(body).toEqual({
        success: false,
        message:
          "Invalid localization. Must be one of: Postsynaptic, Presynaptic, Synaptosome, Synaptic_Vesicle",
      });
    }
    // A compartment in another case is the compartment.
    const lower = await api.json<Envelope<unknown[]>>(
      "/api/paper/genes/filter?pmid=10818142&localization=postsynaptic",
    );
    const exact = await api.json<Envelope<unknown[]>>(
      "/api/paper/genes/filter?pmid=10818142&localization=Postsynaptic",
    );
    expect(lower.status).toBe(200);
    expect(lower.body.pagination).toEqual(exact.body.pagination);
  });

  it("paper/search fills genes and mutations at default parameters, and refuses a page beyond the stated bound", async () => {
    const { status, body } = await api.json<Envelope<Record<string, unknown>[]>>(
      "/api/paper/search?q=synaptic",
    );
    expect(status).toBe(200);
    expect(body.data.length).toBe(10);
    for (const card of body.data) {
      expect(Array.isArray(card.associated_genes)).toBe(true);
      expect(card.genes_pagination).toMatchObject({ page: 1, pageSize: 20 });
      expect(Array.isArray(card.associated_mutations)).toBe(true);
      expect(card.mutations_pagination).toMatchObject({ page: 1, pageSize: 20 });
    }
    expect(body.data.some((c) => (c.associated_genes as unknown[]).length > 0)).toBe(true);
    // 10 × (20 + 20) = 400 is the bound; 10 × (21 + 20) is over it.
    const over = await api.json<Envelope>("/api/paper/search?q=synaptic&genesPageSize=21");
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      success: false,
      message: "pageSize × (genesPageSize + mutationsPageSize) must be at most 400 (got 10 × (21 + 20))",
    });
    const openapi = await api.json<{
      paths: Record<string, { get: { parameters: { name: string; description: string }[] } }>;
    }>("/api/openapi.json");
    const params = openapi.body.paths["/api/paper/search"]!.get.parameters;
    for (const name of ["pageSize", "genesPageSize", "mutationsPageSize"])
      expect(params.find((p) => p.name === name)?.description).toContain(
        "pageSize × (genesPageSize + mutationsPageSize) must be at most 400",
      );
  });

  it("spec 1 §3: OMIM tab rows carry EntrezGeneID; disease gene view rows carry papers (distinct PMIDs)", async () => {
    const omim = await api.json<Envelope<Record<string, unknown>[]>>("/api/gene/1/tab/omim");
    expect(omim.status).toBe(200);
    expect(omim.body.data.length).toBeGreaterThan(0);
    for (const row of omim.body.data) expect(row.EntrezGeneID).toBe(1742);
    const genes = await api.json<Envelope<Record<string, unknown>[]>>(
      "/api/disease/genes/filter?hdoid=DOID:0050890&pageSize=100",
    );
    expect(genes.status).toBe(200);
    const dlg4 = genes.body.data.find((g) => g.humanName === "DLG4");
    const dlg4Papers = await api.json<Envelope<{ PMID: number }[]>>("/api/gene/1/papers");
    expect(dlg4?.papers).toBe(new Set(dlg4Papers.body.data.map((p) => p.PMID)).size);
    for (const row of genes.body.data) expect(typeof row.papers).toBe("number");
  });

  it("one study-name rule: PMID 99100005 has the same paperTitle in the gene, disease, paper and table endpoints", async () => {
    const paper = await api.json<Envelope<{ PMID: number; paperTitle: string }[]>>(
      "/api/paper/search?q=99100005",
    );
    const title = paper.body.data[0]!.paperTitle;
    expect(title).toBe("POSTSYNE_2022_SAMPLE");
    const geneTab =
      await api.json<Envelope<{ PMID: number; paperTitle: string | null }[]>>("/api/gene/1/tab/papers");
    const inGene = geneTab.body.data.filter((p) => p.PMID === 99100005);
    expect(inGene.length).toBeGreaterThan(0);
    for (const p of inGene) expect(p.paperTitle).toBe(title);
    const table = await api.json<Envelope<{ pmid: number; paperTitle: string }[]>>(
      "/api/paper/table?search=99100005",
    );
    expect(table.body.data.find((p) => p.pmid === 99100005)?.paperTitle).toBe(title);
    const csv = parseCsv(await (await api.get("/api/gene/1/allpapers/csv")).text());
    const csvRows = csv.filter((r) => r["PubMed ID"] === "99100005");
    expect(csvRows.length).toBeGreaterThan(0);
    for (const row of csvRows) expect(row.Title).toBe(title);
  });

  it("compartment frequency bands: exactly 10 papers is '4-9', '>10' means 11 or more", async () => {
    const { body } = await api.json<
      Envelope<{ HumanName: string; paper_count: number; frequency: string }[]>
    >("/api/proteins/compartment/Presynaptic");
    const ten = body.data.filter((p) => p.paper_count === 10);
    expect(ten.map((p) => p.HumanName)).toContain("GRIN2B");
    for (const p of ten) expect(p.frequency).toBe("4-9");
    for (const p of body.data.filter((p) => p.frequency === ">10")) expect(p.paper_count).toBeGreaterThan(10);
    expect(body.data.find((p) => p.HumanName === "CAMK2A")).toMatchObject({
      paper_count: 11,
      frequency: ">10",
    });
  });

  it("the API counter's total_calls is the sum of the counts it lists (its own calls in neither)", async () => {
    await api.get("/api/proteins/compartments");
    await api.get("/api/stats/counter");
    const { body } = await api.json<Envelope<{ endpoint: string; count: number }[]>>("/api/stats/counter");
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.some((r) => r.endpoint === "GET /api/stats/counter")).toBe(false);
    expect(body.total_calls).toBe(body.data.reduce((sum, r) => sum + r.count, 0));
  });

  it("region_id=1 is the whole brain in the JSON, the CSV and the heatmap's Brain row alike", async () => {
    const json = await api.json<{
      total_proteins_mapped: number;
      data: {
        region_id: number;
        name: string;
        distinct_protein_count: number;
        compartments: {
          name: string;
          protein_count: number;
          top_proteins: { name: string; paper_count: number }[];
        }[];
      }[];
    }>("/api/proteins/brain-regions");
    const brain = json.body.data.find((r) => r.region_id === 1)!;
    expect(brain.name).toBe("Brain");
    // The whole brain: every consensus protein mapped to any region.
    expect(brain.distinct_protein_count).toBe(json.body.total_proteins_mapped);
    const csv = parseCsv(await (await api.get("/api/proteins/brain-regions/csv?region_id=1")).text());
    expect(new Set(csv.map((r) => r["Gene ID"])).size).toBe(brain.distinct_protein_count);
    for (const c of brain.compartments) {
      const rows = csv.filter((r) => r.Compartment === c.name);
      expect({ compartment: c.name, rows: rows.length }).toEqual({
        compartment: c.name,
        rows: c.protein_count,
      });
      const top = c.top_proteins[0];
      if (top)
        expect(rows.find((r) => r["Gene Symbol"] === top.name)?.["Paper Count"]).toBe(
          String(top.paper_count),
        );
    }
    for (const row of csv) expect(row["Region ID"]).toBe("1");
    const path = parseCsv(await (await api.get("/api/proteins/brain-regions/1/All/csv")).text());
    expect(path).toEqual(csv);
    // The whole dataset's region-1 rows are the same whole-brain rows.
    const full = parseCsv(await (await api.get("/api/proteins/brain-regions/csv")).text());
    expect(full.filter((r) => r["Region ID"] === "1")).toHaveLength(csv.length);
  });
});
