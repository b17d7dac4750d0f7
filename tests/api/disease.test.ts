import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "./databases";
import { type Envelope, type Pagination, parseCsv, type Row } from "./envelope";
import { type RunningPortal, sharedPortal } from "./portal";

const ASD = "DOID:0060041";

describe.each(testDatabases)("disease search and filters on $kind", (db) => {
  let api: RunningPortal;
  /** Figures of autism spectrum disorder straight from the database, to check the API against. */
  let asd: { genes: number; consensusGenes: number; mutations: number; consensusMutations: number };
  beforeAll(async () => {
    api = await sharedPortal(db);
    const q = (sql: string) => api.portal.dataSource.query(sql) as Promise<{ n: number | string }[]>;
    const one = async (sql: string) => Number((await q(sql))[0]!.n);
    asd = {
      genes: await one(`SELECT COUNT(*) AS n FROM disease_gene WHERE hdoid = '${ASD}'`),
      consensusGenes: await one(
        `SELECT COUNT(*) AS n FROM disease_gene dg JOIN gene g ON g.id = dg.gene_id WHERE dg.hdoid = '${ASD}' AND g.is_consensus = 1`,
      ),
      mutations: await one(`SELECT COUNT(*) AS n FROM mutation WHERE hdoid = '${ASD}'`),
      consensusMutations: await one(
        `SELECT COUNT(*) AS n FROM mutation m JOIN gene g ON g.id = m.gene_id WHERE m.hdoid = '${ASD}' AND g.is_consensus = 1`,
      ),
    };
  });
  afterAll(async () => {
    await api?.close();
  });

  it("finds autism spectrum disorder by its HDOID first, with counts and consensus stats", async () => {
    const { status, body } = await api.json<Envelope<Row[]>>(`/api/disease/search?q=${ASD}`);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.pagination).toEqual({ page: 1, pageSize: 10, total: 1, totalPages: 1 });
    const card = body.data[0]!;
    expect(card).toMatchObject({
      hdoid: ASD,
      description: "autism spectrum disorder",
      gene_count: asd.genes,
      consensus_gene_count: asd.consensusGenes,
      mutation_count: asd.mutations,
      consensus_stats: {
        total_consensus_genes: asd.consensusGenes,
        total_consensus_mutations: asd.consensusMutations,
        mutation_consensus_percentage: Math.round((asd.consensusMutations / asd.mutations) * 10000) / 100,
      },
    });
    expect(card.genes).toHaveLength(20);
    expect((card.genes as Row[])[0]).toHaveProperty("isConsensus");
    expect(card.genes_pagination).toMatchObject({ total: asd.genes, totalConsensus: asd.consensusGenes });
    expect(card.mutations_pagination).toMatchObject({ total: asd.mutations });
    expect((card.papers_pagination as Pagination).total).toBeGreaterThan(0);
  });

  it("ranks an exact label before substring matches and pages with totals", async () => {
    const { body } = await api.json<Envelope<Row[]>>("/api/disease/search?q=autism&pageSize=2");
    expect(body.pagination).toMatchObject({ page: 1, pageSize: 2, total: 4, totalPages: 2 });
    expect(body.data.map((d) => d.hdoid)).toHaveLength(2);
    const exact = await api.json<Envelope<Row[]>>("/api/disease/search?q=autistic%20disorder");
    expect(exact.body.data[0]?.description).toBe("autistic disorder");
    const bare = await api.json<Envelope<Row[]>>("/api/disease/search?q=0060041");
    expect(bare.body.data[0]?.hdoid).toBe(ASD);
  });

  it("leaves the gene previews out of large search pages", async () => {
    const { body } = await api.json<Envelope<Row[]>>("/api/disease/search?q=epilepsy&pageSize=50");
    expect(body.data.length).toBeGreaterThan(20);
    expect(body.data[0]!.genes).toBeNull();
    expect((body.data[0]!.genes_pagination as Pagination).total).toBe(body.data[0]!.gene_count);
  });

  it("finds nothing for an unknown term and treats wildcards literally", async () => {
    for (const q of ["zzzznotadisease", "zz%25zz", "zz_zz"]) {
      // Spec 2 §8: no match is a 404 'No diseases found' (wildcards match nothing).
      const { status, body } = await api.json<Envelope<Row[]>>(`/api/disease/search?q=${q}`);
      expect(status).toBe(404);
      expect(body).toEqual({ success: false, message: "No diseases found" });
    }
  });

  it("filters a disease's genes by consensus mode with matching totals", async () => {
    const base = `/api/disease/genes/filter?hdoid=${ASD}&pageSize=100`;
    const all = (await api.json<Envelope<Row[]>>(base)).body;
    const consensus = (await api.json<Envelope<Row[]>>(`${base}&mode=consensus`)).body;
    const other = (await api.json<Envelope<Row[]>>(`${base}&mode=non-consensus`)).body;
    expect(all.success).toBe(true);
    expect(all.pagination).toEqual({
      page: 1,
      pageSize: 100,
      total: asd.genes,
      totalPages: Math.ceil(asd.genes / 100),
      totalFiltered: asd.genes,
      totalConsensus: asd.consensusGenes,
    });
    expect(all.disease_stats).toEqual({ total_consensus_genes: asd.consensusGenes });
    expect(all.protein_lookup).toBeNull();
    expect(consensus.pagination?.totalFiltered).toBe(asd.consensusGenes);
    expect(consensus.pagination?.totalPages).toBe(Math.ceil(asd.consensusGenes / 100));
    expect(consensus.data.every((g) => g.isConsensus === true)).toBe(true);
    expect(other.pagination?.totalFiltered).toBe(asd.genes - asd.consensusGenes);
    expect(other.data.every((g) => g.isConsensus === false)).toBe(true);
    const names = all.data.map((g) => String(g.humanName).toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it("filters a disease's genes by symbol and pages without overlap", async () => {
    const { body } = await api.json<Envelope<Row[]>>(`/api/disease/genes/filter?hdoid=${ASD}&term=SHANK`);
    expect(body.data.map((g) => g.humanName)).toEqual(expect.arrayContaining(["SHANK2", "SHANK3"]));
    expect(body.pagination?.totalFiltered).toBe(body.data.length);
    expect(body.pagination?.total).toBe(asd.genes);
    const p1 = (await api.json<Envelope<Row[]>>(`/api/disease/genes/filter?hdoid=${ASD}&pageSize=5`)).body;
    const p2 = (await api.json<Envelope<Row[]>>(`/api/disease/genes/filter?hdoid=${ASD}&pageSize=5&page=2`))
      .body;
    expect(p2.data).toHaveLength(5);
    expect(p1.data.filter((g) => p2.data.some((h) => h.id === g.id))).toEqual([]);
  });

  it("filters a disease's mutations with consensus totals and percentage", async () => {
    const all = (await api.json<Envelope<Row[]>>(`/api/disease/mutations/filter?hdoid=${ASD}`)).body;
    expect(all.success).toBe(true);
    expect(all.data).toHaveLength(20);
    expect(all.pagination).toMatchObject({
      page: 1,
      pageSize: 20,
      total: asd.mutations,
      totalFiltered: asd.mutations,
      totalConsensus: asd.consensusMutations,
      consensusPercentage: Math.round((asd.consensusMutations / asd.mutations) * 10000) / 100,
    });
    const consensus = (
      await api.json<Envelope<Row[]>>(
        `/api/disease/mutations/filter?hdoid=${ASD}&mode=consensus&pageSize=100`,
      )
    ).body;
    expect(consensus.pagination?.totalFiltered).toBe(asd.consensusMutations);
    expect(consensus.data.every((m) => m.isConsensus === true)).toBe(true);
    const coe = (await api.json<Envelope<Row[]>>(`/api/disease/mutations/filter?hdoid=${ASD}&term=COE_2018`))
      .body;
    expect(coe.pagination?.totalFiltered).toBeGreaterThan(0);
    expect(coe.data.every((m) => m.studyName === "COE_2018")).toBe(true);
    expect(coe.data[0]).toMatchObject({ hdoid: ASD, pubmedID: expect.stringContaining("30559488") });
    expect(typeof coe.data[0]!.geneName).toBe("string");
  });

  it("lists the studies behind a disease, newest first, filtered by year or name", async () => {
    const all = (await api.json<Envelope<Row[]>>(`/api/disease/papers/filter?hdoid=${ASD}&pageSize=100`))
      .body;
    expect(all.success).toBe(true);
    const years = all.data.map((p) => Number(p.year));
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(all.data.map((p) => p.pmid)).toEqual(expect.arrayContaining([30559488, 10862698]));
    expect(all.pagination?.total).toBe(all.data.length);
    const coe = (await api.json<Envelope<Row[]>>(`/api/disease/papers/filter?hdoid=${ASD}&term=coe_2018`))
      .body;
    expect(coe.data).toEqual([
      expect.objectContaining({ pmid: 30559488, year: 2018, name: "COE_2018", kind: "genetic" }),
    ]);
    expect(coe.pagination).toMatchObject({ totalFiltered: 1, totalPages: 1, total: all.pagination?.total });
  });

  it.each([
    ["/api/disease/search", 400, "Search term is required"],
    ["/api/disease/search?q=%20", 400, "Search term is required"],
    ["/api/disease/search?q=autism&pageSize=101", 400, "pageSize must be at most 100"],
    ["/api/disease/genes/filter", 400, "HDOID is required"],
    [
      `/api/disease/genes/filter?hdoid=${ASD}&mode=bogus`,
      400,
      "mode must be one of: all, consensus, non-consensus",
    ],
    [`/api/disease/genes/filter?hdoid=${ASD}&page=0`, 400, "page must be at least 1"],
    ["/api/disease/genes/filter?hdoid=DOID:999999999", 404, "Disease not found"],
    ["/api/disease/mutations/filter", 400, "HDOID is required"],
    [
      `/api/disease/mutations/filter?hdoid=${ASD}&mode=x`,
      400,
      "mode must be one of: all, consensus, non-consensus",
    ],
    ["/api/disease/mutations/filter?hdoid=DOID:999999999", 404, "Disease not found"],
    ["/api/disease/papers/filter", 400, "HDOID is required"],
    ["/api/disease/papers/filter?hdoid=DOID:999999999", 404, "Disease not found"],
    ["/api/disease/DOID:999999999/csv", 404, "Disease not found"],
    ["/api/disease/DOID:999999999/allgenes/csv", 404, "Disease not found"],
    ["/api/disease/DOID:999999999/allmutations/csv", 404, "Disease not found"],
    ["/api/disease/DOID:999999999/allpapers/csv", 404, "Disease not found"],
    ["/api/disease/search/csv", 400, "Search term is required"],
  ])("GET %s answers %i with the error envelope", async (path, status, message) => {
    const response = await api.json<Envelope>(path);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ success: false, message });
  });

  it("answers GraphQL mode errors clearly and unknown diseases with null", async () => {
    const bad = await api.graphql(
      `{ disease(hdoid: "${ASD}") { genes(mode: MOST) { pagination { total } } } }`,
    );
    // The mode is an enum: a value outside it is a validation error naming the enum (no SQL).
    expect(bad.body.errors?.[0]?.message).toMatch(/"MOST" does not exist in "DisplayMode" enum/);
    expect(bad.headers.get("x-sql-queries")).toBe("0");
    const none = await api.graphql<{ disease: null }>('{ disease(hdoid: "DOID:999999999") { hdoid } }');
    expect(none.body.data?.disease).toBeNull();
  });

  it("exports the disease as one CSV row matching its search card", async () => {
    const response = await api.get(`/api/disease/${ASD}/csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(
      /filename="disease_DOID_0060041_v0\.1\.0\.csv"/,
    );
    const rows = parseCsv(await response.text());
    const card = (await api.json<Envelope<Row[]>>(`/api/disease/search?q=${ASD}`)).body.data[0]!;
    expect(rows).toEqual([
      expect.objectContaining({
        HDOID: ASD,
        Disease: "autism spectrum disorder",
        Genes: String(card.gene_count),
        "Consensus Genes": String(card.consensus_gene_count),
        Mutations: String(card.mutation_count),
        Publications: String(card.paper_count),
      }),
    ]);
  });

  it.each([
    ["allgenes", "genes", "Gene Symbol", "humanName"],
    ["allmutations", "mutations", "Variant", "variant"],
    ["allpapers", "papers", "PubMed ID", "pmid"],
  ])("exports %s as a CSV with the same rows as the %s filter", async (sub, tab, header, field) => {
    const response = await api.get(`/api/disease/${ASD}/${sub}/csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      new RegExp(`filename="disease_DOID_0060041_${sub.slice(3)}_v0\\.1\\.0\\.csv"`),
    );
    const rows = parseCsv(await response.text());
    const json: Row[] = [];
    for (let page = 1; ; page++) {
      const { body } = await api.json<Envelope<Row[]>>(
        `/api/disease/${tab}/filter?hdoid=${ASD}&pageSize=100&page=${page}`,
      );
      json.push(...body.data);
      if (page >= (body.pagination?.totalPages ?? 0)) break;
    }
    expect(rows).toHaveLength(json.length);
    expect(rows.map((r) => r[header])).toEqual(json.map((j) => String(j[field] ?? "")));
  });

  it("exports every search match as CSV, in search order", async () => {
    const response = await api.get("/api/disease/search/csv?q=epilepsy");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /filename="disease_search_epilepsy_v0\.1\.0\.csv"/,
    );
    const rows = parseCsv(await response.text());
    const json = (await api.json<Envelope<Row[]>>("/api/disease/search?q=epilepsy&pageSize=100")).body;
    expect(rows).toHaveLength(json.pagination!.total);
    expect(rows.slice(0, json.data.length).map((r) => r.HDOID)).toEqual(json.data.map((d) => d.hdoid));
    expect(rows[0]!.Genes).toBe(String(json.data[0]!.gene_count));
  });

  it("keeps SQL round trips flat as the search page grows", async () => {
    const fields = `diseases { hdoid geneCount consensusGeneCount mutationCount paperCount
      consensusStats { totalConsensusGenes } genes(pageSize: 5) { pagination { total } genes { humanName isConsensus } }
      mutations(pageSize: 5) { pagination { total } mutations { variant gene { humanName } pubmedIds } }
      papers(pageSize: 5) { pagination { total } papers { pmid } } }`;
    const one = await api.graphql(`{ diseaseSearch(q: "epilepsy", pageSize: 1) { ${fields} } }`);
    const many = await api.graphql(`{ diseaseSearch(q: "epilepsy", pageSize: 30) { ${fields} } }`);
    expect(one.body.errors).toBeUndefined();
    expect(many.body.errors).toBeUndefined();
    const queries = Number(one.headers.get("x-sql-queries"));
    expect(queries).toBeGreaterThan(0);
    expect(Number(many.headers.get("x-sql-queries"))).toBe(queries);
  });

  it("reads a disease page's counts with its first pages' totals, in one statement", async () => {
    const pages = `genes(page: 1, pageSize: 20, term: "", mode: CONSENSUS) { pagination { total totalConsensus } }
      mutations(page: 1, pageSize: 20, term: "", mode: ALL) { pagination { total } }
      papers(page: 1, pageSize: 20, term: "") { pagination { total } }`;
    const withoutCounts = await api.graphql(`{ disease(hdoid: "${ASD}") { hdoid ${pages} } }`);
    const withCounts = await api.graphql(
      `{ disease(hdoid: "${ASD}") { hdoid geneCount mutationCount paperCount
        consensusStats { totalConsensusGenes totalConsensusMutations } ${pages} } }`,
    );
    expect(withCounts.body.errors).toBeUndefined();
    const disease = (withCounts.body.data as { disease: Record<string, unknown> }).disease;
    expect(disease).toMatchObject({
      geneCount: asd.genes,
      mutationCount: asd.mutations,
      consensusStats: {
        totalConsensusGenes: asd.consensusGenes,
        totalConsensusMutations: asd.consensusMutations,
      },
      genes: { pagination: { total: asd.genes, totalConsensus: asd.consensusGenes } },
      mutations: { pagination: { total: asd.mutations } },
    });
    // The three count fields add no statement: every count of the page is read in the same one.
    expect(Number(withCounts.headers.get("x-sql-queries"))).toBe(
      Number(withoutCounts.headers.get("x-sql-queries")),
    );
  });
});
