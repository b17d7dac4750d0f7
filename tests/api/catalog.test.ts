import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "./databases";
import { type RunningPortal, sharedPortal } from "./portal";

interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data: T;
  pagination?: { page: number; pageSize: number; total: number; totalPages: number };
  consensus?: Record<string, number>;
}
type Row = Record<string, unknown>;

const parseCsv = (text: string) =>
  parse(text, { columns: true, relax_quotes: false, relax_column_count: false }) as Record<string, string>[];

/** True when values are in order (nulls only at the end), comparing strings case-insensitively. */
function sortedWithEmptyLast(values: unknown[], dir: "asc" | "desc"): boolean {
  const firstEmpty = values.findIndex((v) => v === null || v === "");
  const filled = firstEmpty === -1 ? values : values.slice(0, firstEmpty);
  if (firstEmpty !== -1 && values.slice(firstEmpty).some((v) => v !== null && v !== "")) return false;
  for (let i = 1; i < filled.length; i++) {
    const a = filled[i - 1];
    const b = filled[i];
    const cmp =
      typeof a === "number" && typeof b === "number"
        ? a - b
        : String(a).toLowerCase() < String(b).toLowerCase()
          ? -1
          : String(a).toLowerCase() > String(b).toLowerCase()
            ? 1
            : 0;
    if (dir === "asc" ? cmp > 0 : cmp < 0) return false;
  }
  return true;
}

describe.each(testDatabases)("catalog tables on $kind", (db) => {
  let api: RunningPortal;
  let facts: { genes: number; consensus: number; diseases: number; papers: number; nullMgi: number };
  beforeAll(async () => {
    api = await sharedPortal(db);
    const one = async (sql: string) =>
      Number(((await api.portal.dataSource.query(sql)) as { n: number | string }[])[0]!.n);
    facts = {
      genes: await one("SELECT COUNT(*) AS n FROM gene"),
      consensus: await one("SELECT COUNT(*) AS n FROM gene WHERE is_consensus = 1"),
      diseases: await one("SELECT COUNT(*) AS n FROM disease"),
      papers: await one("SELECT COUNT(*) AS n FROM paper"),
      nullMgi: await one("SELECT COUNT(*) AS n FROM gene WHERE mgi IS NULL OR mgi = ''"),
    };
  });
  afterAll(async () => {
    await api?.close();
  });

  it("serves the gene catalog sorted by ID with totals and a consensus summary", async () => {
    const { status, body } = await api.json<Envelope<Row[]>>("/api/gene/table");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(20);
    expect(body.data[0]).toMatchObject({
      id: 1,
      humanName: "DLG4",
      humanEntrez: 1742,
      mgi: "MGI:1277959",
      isConsensus: true,
      paperCount: 51,
    });
    expect(Object.keys(body.data[0]!).sort()).toEqual(
      [
        "id",
        "humanName",
        "humanEntrez",
        "mouseName",
        "mouseEntrez",
        "ratName",
        "ratEntrez",
        "mgi",
        "paperCount",
        "diseaseCount",
        "omimCount",
        "syngoCount",
        "isConsensus",
      ].sort(),
    );
    expect(body.pagination).toEqual({
      page: 1,
      pageSize: 20,
      total: facts.genes,
      totalPages: Math.ceil(facts.genes / 20),
    });
    expect(body.consensus).toEqual({
      totalInResult: facts.consensus,
      percentageInResult: Math.round((facts.consensus / facts.genes) * 10000) / 100,
      totalInDatabase: facts.consensus,
    });
    expect(body.data.map((g) => g.id)).toEqual(
      [...body.data.map((g) => g.id as number)].sort((a, b) => a - b),
    );
  });

  it("filters the gene catalog to consensus genes and by text", async () => {
    const consensus = (await api.json<Envelope<Row[]>>("/api/gene/table?consensusOnly=true&pageSize=100"))
      .body;
    expect(consensus.pagination?.total).toBe(facts.consensus);
    expect(consensus.data.every((g) => g.isConsensus === true)).toBe(true);
    expect(consensus.consensus).toMatchObject({ totalInResult: facts.consensus, percentageInResult: 100 });
    const shank = (await api.json<Envelope<Row[]>>("/api/gene/table?search=shank&sortBy=HumanName")).body;
    expect(shank.data.map((g) => g.humanName)).toEqual(
      expect.arrayContaining(["SHANK1", "SHANK2", "SHANK3"]),
    );
    expect(shank.pagination?.total).toBe(shank.data.length);
    const entrez = (await api.json<Envelope<Row[]>>("/api/gene/table?search=1742")).body;
    expect(entrez.data.map((g) => g.humanName)).toContain("DLG4");
    const frequent = (await api.json<Envelope<Row[]>>("/api/gene/table?minStudies=50&pageSize=100")).body;
    expect(frequent.pagination!.total).toBeGreaterThan(0);
    expect(frequent.pagination!.total).toBeLessThan(100);
    expect(frequent.data.every((g) => (g.paperCount as number) >= 50)).toBe(true);
    const csv = parseCsv(await (await api.get("/api/gene/csv?minStudies=50")).text());
    expect(csv.map((r) => Number(r["Gene ID"]))).toEqual(frequent.data.map((g) => g.id));
  });

  it.each([
    ["HumanName", "humanName", "asc"],
    ["HumanName", "humanName", "desc"],
    ["MGI", "mgi", "asc"],
    ["MGI", "mgi", "desc"],
    ["HumanEntrez", "humanEntrez", "desc"],
    ["PaperCount", "paperCount", "desc"],
  ] as const)("sorts the gene catalog by %s (%s) %s with empty values last", async (sortBy, field, dir) => {
    const first = (
      await api.json<Envelope<Row[]>>(`/api/gene/table?sortBy=${sortBy}&sortDir=${dir}&pageSize=100`)
    ).body;
    expect(
      sortedWithEmptyLast(
        first.data.map((g) => g[field]),
        dir,
      ),
    ).toBe(true);
    const lastPage = first.pagination!.totalPages;
    const last = (
      await api.json<Envelope<Row[]>>(
        `/api/gene/table?sortBy=${sortBy}&sortDir=${dir}&pageSize=100&page=${lastPage}`,
      )
    ).body;
    expect(
      sortedWithEmptyLast(
        last.data.map((g) => g[field]),
        dir,
      ),
    ).toBe(true);
    if (sortBy === "MGI") {
      // Genes without an MGI id come last in both directions.
      expect(last.data.slice(-facts.nullMgi).every((g) => g.mgi === null)).toBe(true);
      expect(first.data.every((g) => g.mgi !== null)).toBe(true);
    }
  });

  it("pages the gene catalog stably: the pages partition the sorted rows", async () => {
    const seen = new Set<number>();
    for (let page = 1; page <= 3; page++) {
      const { body } = await api.json<Envelope<Row[]>>(
        `/api/gene/table?sortBy=PaperCount&sortDir=desc&pageSize=50&page=${page}`,
      );
      for (const g of body.data) seen.add(g.id as number);
    }
    expect(seen.size).toBe(150);
  });

  it("serves the disease catalog by HDOID with counts and a consensus summary", async () => {
    const { body } = await api.json<Envelope<Row[]>>("/api/disease/table?search=autism%20spectrum");
    expect(body.success).toBe(true);
    expect(body.pagination).toEqual({ page: 1, pageSize: 20, total: 1, totalPages: 1 });
    const card = (await api.json<Envelope<Row[]>>("/api/disease/search?q=DOID:0060041")).body.data[0]!;
    expect(body.data).toEqual([
      {
        hdoid: "DOID:0060041",
        description: "autism spectrum disorder",
        geneCount: card.gene_count,
        consensusGeneCount: card.consensus_gene_count,
        consensusPercentage: card.consensus_percentage,
        mutationCount: card.mutation_count,
        paperCount: card.paper_count,
      },
    ]);
    expect(body.consensus).toEqual({
      totalConsensusGenes: card.consensus_gene_count,
      totalGenes: card.gene_count,
      overallPercentage: card.consensus_percentage,
    });
    const all = (await api.json<Envelope<Row[]>>("/api/disease/table?pageSize=100")).body;
    expect(all.pagination?.total).toBe(facts.diseases);
    expect(
      sortedWithEmptyLast(
        all.data.map((d) => d.hdoid),
        "asc",
      ),
    ).toBe(true);
    const desc = (
      await api.json<Envelope<Row[]>>("/api/disease/table?sortBy=Description&sortDir=desc&pageSize=100")
    ).body;
    expect(
      sortedWithEmptyLast(
        desc.data.map((d) => d.description),
        "desc",
      ),
    ).toBe(true);
    const consensus = (await api.json<Envelope<Row[]>>("/api/disease/table?consensusOnly=true&pageSize=100"))
      .body;
    expect(consensus.pagination!.total).toBeLessThan(facts.diseases);
    expect(consensus.data.every((d) => (d.consensusGeneCount as number) > 0)).toBe(true);
  });

  it("serves the publication catalog newest first, sortable by PMID and title", async () => {
    const { body } = await api.json<Envelope<Row[]>>("/api/paper/table?pageSize=100");
    expect(body.success).toBe(true);
    expect(body.pagination).toEqual({ page: 1, pageSize: 100, total: facts.papers, totalPages: 1 });
    expect(
      sortedWithEmptyLast(
        body.data.map((p) => p.year),
        "desc",
      ),
    ).toBe(true);
    expect(body.data.find((p) => p.pmid === 10862698)).toEqual({
      pmid: 10862698,
      year: 2000,
      paperTitle: "HUSI_2000",
      geneCount: 77,
      consensusGeneCount: 77,
      consensusPercentage: 100,
      mutationCount: 0,
    });
    expect(body.data.find((p) => p.pmid === 30559488)).toMatchObject({ geneCount: 0, mutationCount: 157 });
    const byPmid = (await api.json<Envelope<Row[]>>("/api/paper/table?sortBy=PMID&pageSize=100")).body;
    expect(
      sortedWithEmptyLast(
        byPmid.data.map((p) => p.pmid),
        "asc",
      ),
    ).toBe(true);
    const byTitle = (
      await api.json<Envelope<Row[]>>("/api/paper/table?sortBy=PaperTitle&sortDir=desc&pageSize=100")
    ).body;
    expect(
      sortedWithEmptyLast(
        byTitle.data.map((p) => p.paperTitle),
        "desc",
      ),
    ).toBe(true);
    const consensus = (await api.json<Envelope<Row[]>>("/api/paper/table?consensusOnly=true&pageSize=100"))
      .body;
    expect(consensus.data.every((p) => (p.consensusGeneCount as number) > 0)).toBe(true);
    expect(consensus.data.some((p) => p.pmid === 30559488)).toBe(false);
  });

  it.each([
    ["/api/gene/table?sortDir=up", "sortDir must be asc or desc"],
    [
      "/api/gene/table?sortBy=Color",
      "sortBy must be one of: ID, HumanName, HumanEntrez, MouseEntrez, RatEntrez, MGI, PaperCount",
    ],
    ["/api/gene/table?page=0", "page must be at least 1"],
    ["/api/gene/table?pageSize=500", "pageSize must be at most 100"],
    ["/api/gene/table?consensusOnly=maybe", "consensusOnly must be true or false"],
    ["/api/gene/table?minStudies=-1", "minStudies must be at least 0"],
    ["/api/disease/table?sortBy=Year", "sortBy must be one of: HDOID, Description"],
    ["/api/disease/table?sortDir=sideways", "sortDir must be asc or desc"],
    ["/api/paper/table?sortBy=Name", "sortBy must be one of: Year, PMID, PaperTitle"],
    ["/api/paper/table?sortDir=0", "sortDir must be asc or desc"],
    ["/api/gene/csv?sortDir=up", "sortDir must be asc or desc"],
    ["/api/disease/csv?sortBy=x", "sortBy must be one of: HDOID, Description"],
    ["/api/paper/csv?sortBy=x", "sortBy must be one of: Year, PMID, PaperTitle"],
  ])("GET %s answers 400 with the error envelope", async (path, message) => {
    const response = await api.json<Envelope>(path);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, message });
  });

  it.each([
    [
      "gene",
      "search=kinase&sortBy=HumanName&sortDir=desc",
      "Human Symbol",
      "humanName",
      "gene_table_kinase_v0\\.1\\.0\\.csv",
    ],
    [
      "disease",
      "search=epilepsy&sortBy=Description",
      "HDOID",
      "hdoid",
      "disease_table_epilepsy_v0\\.1\\.0\\.csv",
    ],
    ["paper", "consensusOnly=true&sortBy=PMID", "PMID", "pmid", "paper_table_all_consensus_v0\\.1\\.0\\.csv"],
  ])(
    "exports every matching %s catalog row as CSV, in table order",
    async (key, query, header, field, file) => {
      const response = await api.get(`/api/${key}/csv?${query}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/csv");
      expect(response.headers.get("content-disposition")).toMatch(new RegExp(`filename="${file}"`));
      const rows = parseCsv(await response.text());
      const json: Row[] = [];
      for (let page = 1; ; page++) {
        const { body } = await api.json<Envelope<Row[]>>(
          `/api/${key}/table?${query}&pageSize=100&page=${page}`,
        );
        json.push(...body.data);
        if (page >= (body.pagination?.totalPages ?? 0)) break;
      }
      expect(json.length).toBeGreaterThan(0);
      expect(rows).toHaveLength(json.length);
      expect(rows.map((r) => r[header])).toEqual(json.map((j) => String(j[field] ?? "")));
      expect(Object.keys(rows[0]!)).toHaveLength(Object.keys(json[0]!).length);
    },
  );

  it.each([
    [
      "gene",
      "search=a&sortBy=HumanName&sortDir=desc&minStudies=2",
      "Gene ID",
      "id",
      "gene_table_a_min2studies_page2",
    ],
    [
      "disease",
      "sortBy=Description&consensusOnly=true",
      "HDOID",
      "hdoid",
      "disease_table_all_consensus_page2",
    ],
    ["paper", "sortBy=PMID&sortDir=asc", "PMID", "pmid", "paper_table_all_page2"],
  ])(
    "exports only the requested page of the %s catalog (the Export CSV of the screen)",
    async (key, query, header, field, file) => {
      const { body } = await api.json<Envelope<Row[]>>(`/api/${key}/table?${query}&page=2&pageSize=10`);
      expect(body.data.length).toBeGreaterThan(0);
      const response = await api.get(`/api/${key}/csv?${query}&page=2&pageSize=10`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-disposition")).toMatch(
        new RegExp(`filename="${file}_v[^"]+\\.csv"`),
      );
      const rows = parseCsv(await response.text());
      expect(rows.map((r) => r[header])).toEqual(body.data.map((j) => String(j[field] ?? "")));
    },
  );

  it("rejects an out-of-range export page size", async () => {
    const response = await api.json<Envelope>("/api/gene/csv?page=1&pageSize=101");
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, message: "pageSize must be at most 100" });
  });

  it("exports the whole gene catalog", async () => {
    const rows = parseCsv(await (await api.get("/api/gene/csv")).text());
    expect(rows).toHaveLength(facts.genes);
    expect(rows[0]).toMatchObject({ "Gene ID": "1", "Human Symbol": "DLG4", Consensus: "Yes", Papers: "51" });
  });

  it("keeps SQL round trips flat as the catalog page grows", async () => {
    for (const [field, rows] of [
      ["geneTable", "genes { id humanName diseasesCount omimCount syngoCount }"],
      ["diseaseTable", "diseases { hdoid geneCount consensusPercentage mutationCount paperCount }"],
      ["paperTable", "papers { pmid paperTitle geneCount consensusGeneCount mutationCount }"],
    ]) {
      const one = await api.graphql(`{ ${field}(pageSize: 1) { pagination { total } ${rows} } }`);
      const many = await api.graphql(`{ ${field}(pageSize: 100) { pagination { total } ${rows} } }`);
      expect(one.body.errors).toBeUndefined();
      const queries = Number(one.headers.get("x-sql-queries"));
      expect(queries).toBeGreaterThan(0);
      expect(Number(many.headers.get("x-sql-queries"))).toBe(queries);
    }
  });
});
