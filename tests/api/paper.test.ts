import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "./databases";
import { type Envelope, parseCsv, type Row } from "./envelope";
import { type RunningPortal, sharedPortal } from "./portal";

const HUSI = 10862698; // HUSI_2000, a postsynaptic proteome of 77 genes
const TAKAMORI = 17110340; // TAKAMORI_2006, presynaptic and synaptic-vesicle rows
const COE = 30559488; // COE_2018, a mutation study

describe.each(testDatabases)("publication search and filters on $kind", (db) => {
  let api: RunningPortal;
  /** Figures straight from the database, to check the API against. */
  let facts: {
    takamoriRows: number;
    takamoriGenes: number;
    takamoriConsensus: number;
    coeMutations: number;
    coeConsensus: number;
  };
  beforeAll(async () => {
    api = await sharedPortal(db);
    const one = async (sql: string) =>
      Number(((await api.portal.dataSource.query(sql)) as { n: number | string }[])[0]!.n);
    facts = {
      takamoriRows: await one(`SELECT COUNT(*) AS n FROM paper_gene WHERE pmid = ${TAKAMORI}`),
      takamoriGenes: await one(
        `SELECT COUNT(DISTINCT gene_id) AS n FROM paper_gene WHERE pmid = ${TAKAMORI}`,
      ),
      takamoriConsensus: await one(
        `SELECT COUNT(DISTINCT pg.gene_id) AS n FROM paper_gene pg JOIN gene g ON g.id = pg.gene_id WHERE pg.pmid = ${TAKAMORI} AND g.is_consensus = 1`,
      ),
      coeMutations: await one(`SELECT COUNT(*) AS n FROM paper_mutation WHERE pmid = ${COE}`),
      coeConsensus: await one(
        `SELECT COUNT(*) AS n FROM paper_mutation pm JOIN mutation m ON m.id = pm.mutation_id JOIN gene g ON g.id = m.gene_id WHERE pm.pmid = ${COE} AND g.is_consensus = 1`,
      ),
    };
  });
  afterAll(async () => {
    await api?.close();
  });

  it("finds a study by its PMID, with its counts and compartments", async () => {
    const { status, body } = await api.json<Envelope<Row[]>>(`/api/paper/search?q=${HUSI}`);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.pagination).toEqual({ page: 1, pageSize: 10, total: 1, totalPages: 1 });
    expect(body.data[0]).toMatchObject({
      PMID: HUSI,
      name: "HUSI_2000",
      paperTitle: "HUSI_2000",
      year: 2000,
      total_genes_count: 77,
      consensus_genes_count: 77,
      total_mutations_count: 0,
      consensus_stats: { total_consensus_genes: 77, consensus_percentage: 100 },
      available_localizations: ["Postsynaptic"],
    });
  });

  it("finds studies by year, newest PMID rank first, and by name substring", async () => {
    const byYear = (await api.json<Envelope<Row[]>>("/api/paper/search?q=2018")).body;
    expect(byYear.data.length).toBeGreaterThan(1);
    expect(byYear.data.every((p) => p.year === 2018)).toBe(true);
    const coe = byYear.data.find((p) => p.PMID === COE)!;
    expect(coe.paperTitle).toMatch(/^Neurodevelopmental disease genes/);
    expect(coe.total_mutations_count).toBe(facts.coeMutations);
    const byName = (await api.json<Envelope<Row[]>>("/api/paper/search?q=takamori")).body;
    expect(byName.data.map((p) => p.PMID)).toEqual([TAKAMORI]);
  });

  it("includes the first genes and mutations pages in small search pages", async () => {
    const { body } = await api.json<Envelope<Row[]>>(`/api/paper/search?q=${COE}&pageSize=5`);
    const card = body.data[0]!;
    expect((card.associated_mutations as Row[]).length).toBe(20);
    expect(card.mutations_pagination).toMatchObject({
      total: facts.coeMutations,
      totalConsensus: facts.coeConsensus,
    });
    expect(card.associated_genes).toEqual([]);
    // A large page carries smaller previews within pageSize × (genesPageSize + mutationsPageSize) ≤ 400.
    const large = (
      await api.json<Envelope<Row[]>>(
        "/api/paper/search?q=proteome&pageSize=50&genesPageSize=4&mutationsPageSize=4",
      )
    ).body;
    expect(large.data.length).toBeGreaterThan(5);
    expect(large.data[0]!.genes_pagination).toMatchObject({ pageSize: 4 });
    const over = await api.json<Envelope>("/api/paper/search?q=proteome&pageSize=50");
    expect(over.status).toBe(400);
  });

  it("answers /api/gene/search?pmid with the publication shape", async () => {
    const { status, body } = await api.json<Envelope<Row[]>>(
      `/api/gene/search?pmid=${TAKAMORI}&genesPageSize=5&geneLocalization=Synaptic_Vesicle&geneDisplayMode=consensus&mutationsPageSize=5`,
    );
    expect(status).toBe(200);
    const card = body.data[0]!;
    expect(card).toMatchObject({
      PMID: TAKAMORI,
      name: "TAKAMORI_2006",
      total_genes_count: facts.takamoriGenes,
    });
    const genes = card.associated_genes as Row[];
    expect(genes).toHaveLength(5);
    expect(
      genes.every((g) => (g.localisation as Row).name === "Synaptic_Vesicle" && g.is_consensus === true),
    ).toBe(true);
    expect(card.genes_pagination).toMatchObject({ page: 1, pageSize: 5, total: facts.takamoriRows });
    expect(card.associated_mutations).toEqual([]);
    expect(card.available_localizations).toEqual(["Presynaptic", "Synaptic_Vesicle"]);
    const genesOnly = await api.json<Envelope<Row[]>>("/api/gene/search?q=DLG4&pmid=1");
    expect(genesOnly.body.data[0]?.HumanName).toBe("DLG4");
  });

  it("filters a study's gene rows by compartment, mode and symbol", async () => {
    const all = (await api.json<Envelope<Row[]>>(`/api/paper/genes/filter?pmid=${TAKAMORI}`)).body;
    expect(all.success).toBe(true);
    expect(all.data).toHaveLength(20);
    expect(all.pagination).toMatchObject({
      page: 1,
      pageSize: 20,
      total: facts.takamoriRows,
      totalFiltered: facts.takamoriRows,
    });
    expect(all.count).toEqual({ genes: facts.takamoriGenes, consensus_genes: facts.takamoriConsensus });
    expect(all.consensus_stats).toEqual({
      total_consensus_genes: facts.takamoriConsensus,
      consensus_percentage: Math.round((facts.takamoriConsensus / facts.takamoriGenes) * 10000) / 100,
    });
    expect(all.available_localizations).toEqual(["Presynaptic", "Synaptic_Vesicle"]);
    const pre = (
      await api.json<Envelope<Row[]>>(
        `/api/paper/genes/filter?pmid=${TAKAMORI}&localization=Presynaptic&pageSize=100`,
      )
    ).body;
    const vesicle = (
      await api.json<Envelope<Row[]>>(
        `/api/paper/genes/filter?pmid=${TAKAMORI}&localization=Synaptic_Vesicle&pageSize=100`,
      )
    ).body;
    expect(pre.pagination!.totalFiltered! + vesicle.pagination!.totalFiltered!).toBe(facts.takamoriRows);
    expect(pre.data.every((g) => (g.localisation as Row).name === "Presynaptic")).toBe(true);
    const consensus = (
      await api.json<Envelope<Row[]>>(`/api/paper/genes/filter?pmid=${TAKAMORI}&mode=consensus&pageSize=100`)
    ).body;
    const other = (
      await api.json<Envelope<Row[]>>(
        `/api/paper/genes/filter?pmid=${TAKAMORI}&mode=non-consensus&pageSize=100`,
      )
    ).body;
    expect(consensus.pagination!.totalFiltered! + other.pagination!.totalFiltered!).toBe(facts.takamoriRows);
    expect(consensus.pagination!.totalFiltered).toBe(consensus.pagination!.totalConsensus);
    expect(other.data.every((g) => g.is_consensus === false)).toBe(true);
    const names = consensus.data.map((g) => String(g.human_name).toLowerCase());
    expect(names).toEqual([...names].sort());
    const term = (await api.json<Envelope<Row[]>>(`/api/paper/genes/filter?pmid=${HUSI}&term=dlg`)).body;
    expect(term.data.length).toBeGreaterThan(0);
    expect(term.data.every((g) => String(g.human_name).startsWith("DLG"))).toBe(true);
    expect(term.pagination?.total).toBe(77);
  });

  it("filters a study's mutations, all or consensus", async () => {
    const all = (await api.json<Envelope<Row[]>>(`/api/paper/mutations/filter?pmid=${COE}`)).body;
    expect(all.success).toBe(true);
    expect(all.data).toHaveLength(20);
    expect(all.pagination).toMatchObject({
      total: facts.coeMutations,
      totalFiltered: facts.coeMutations,
      totalConsensus: facts.coeConsensus,
      totalPages: Math.ceil(facts.coeMutations / 20),
    });
    expect(all.data[0]).toMatchObject({ studyName: "COE_2018", pubmedID: String(COE) });
    const consensus = (
      await api.json<Envelope<Row[]>>(`/api/paper/mutations/filter?pmid=${COE}&mode=consensus&pageSize=100`)
    ).body;
    expect(consensus.pagination?.totalFiltered).toBe(facts.coeConsensus);
    expect(consensus.data.every((m) => m.isConsensus === true)).toBe(true);
  });

  it.each(["genes", "mutations", "stats"])("serves the %s tab of a study", async (tab) => {
    const pmid = tab === "mutations" ? COE : TAKAMORI;
    const { status, body } = await api.json<Envelope<Row[] | Row>>(
      `/api/paper/tab/${pmid}/${tab}?pageSize=5`,
    );
    expect(status).toBe(200);
    if (tab === "stats") {
      expect(body.data).toMatchObject({ PMID: TAKAMORI, total_genes_count: facts.takamoriGenes });
    } else {
      const filter = (await api.json<Envelope<Row[]>>(`/api/paper/${tab}/filter?pmid=${pmid}&pageSize=5`))
        .body;
      expect(body.data).toEqual(filter.data);
      expect(body.pagination).toEqual(filter.pagination);
    }
  });

  it.each([
    ["/api/paper/search", 400, "Search term is required"],
    ["/api/paper/genes/filter", 400, "PMID is required"],
    ["/api/paper/genes/filter?pmid=abc", 400, "Invalid PMID"],
    ["/api/paper/genes/filter?pmid=-5", 400, "Invalid PMID"],
    [
      `/api/paper/genes/filter?pmid=${HUSI}&mode=bogus`,
      400,
      "mode must be one of: all, consensus, non-consensus",
    ],
    ["/api/paper/genes/filter?pmid=123", 404, "Paper not found"],
    ["/api/paper/mutations/filter", 400, "PMID is required"],
    [
      `/api/paper/mutations/filter?pmid=${COE}&mode=non-consensus`,
      400,
      "mode must be one of: all, consensus",
    ],
    ["/api/paper/mutations/filter?pmid=123", 404, "Paper not found"],
    [`/api/paper/tab/${HUSI}/bogus`, 400, "Invalid tab type. Must be one of: genes, mutations, stats"],
    [`/api/paper/tab/${COE}/mutations?mode=non-consensus`, 400, "mode must be one of: all, consensus"],
    ["/api/paper/tab/123/genes", 404, "Paper not found"],
    ["/api/paper/abc/csv", 400, "Invalid PMID"],
    ["/api/paper/123/csv", 404, "Paper not found"],
    ["/api/paper/123/allgenes/csv", 404, "Paper not found"],
    ["/api/paper/123/allmutations/csv", 404, "Paper not found"],
    ["/api/paper/search/csv", 400, "Search term is required"],
    ["/api/gene/search?pmid=abc", 400, "Invalid PMID"],
    ["/api/gene/search?pmid=123", 404, "Paper not found"],
    ["/api/gene/search", 400, "Search term is required"],
  ])("GET %s answers %i with the error envelope", async (path, status, message) => {
    const response = await api.json<Envelope>(path);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ success: false, message });
  });

  it("answers an unknown PMID with null in GraphQL", async () => {
    const { body } = await api.graphql<{ paper: null }>("{ paper(pmid: 123) { pmid } }");
    expect(body.errors).toBeUndefined();
    expect(body.data?.paper).toBeNull();
  });

  it("exports the study as one CSV row matching its search card", async () => {
    const response = await api.get(`/api/paper/${COE}/csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(/filename="paper_30559488_v0\.1\.0\.csv"/);
    const rows = parseCsv(await response.text());
    const card = (await api.json<Envelope<Row[]>>(`/api/paper/search?q=${COE}`)).body.data[0]!;
    expect(rows).toEqual([
      {
        "PubMed ID": String(COE),
        Year: "2018",
        Study: "COE_2018",
        Title: card.paperTitle,
        Description: card.description,
        Kind: "genetic",
        Genes: String(card.total_genes_count),
        "Consensus Genes": String(card.consensus_genes_count),
        "Consensus %": String(card.consensus_stats && (card.consensus_stats as Row).consensus_percentage),
        Mutations: String(facts.coeMutations),
        Localisations: "",
      },
    ]);
    expect(card.total_mutations_count).toBe(facts.coeMutations);
  });

  it.each([
    ["allgenes", "genes", TAKAMORI, "Gene Symbol", "human_name"],
    ["allmutations", "mutations", COE, "Variant", "variant"],
  ])("exports %s as a CSV with the same rows as the %s filter", async (sub, tab, pmid, header, field) => {
    const response = await api.get(`/api/paper/${pmid}/${sub}/csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      new RegExp(`filename="paper_${pmid}_${sub.slice(3)}_v0\\.1\\.0\\.csv"`),
    );
    const rows = parseCsv(await response.text());
    const json: Row[] = [];
    for (let page = 1; ; page++) {
      const { body } = await api.json<Envelope<Row[]>>(
        `/api/paper/${tab}/filter?pmid=${pmid}&pageSize=100&page=${page}`,
      );
      json.push(...body.data);
      if (page >= (body.pagination?.totalPages ?? 0)) break;
    }
    expect(rows).toHaveLength(json.length);
    expect(rows.map((r) => r[header])).toEqual(json.map((j) => String(j[field] ?? "")));
    if (tab === "genes")
      expect(rows.map((r) => r.Localisation)).toEqual(json.map((j) => (j.localisation as Row).name));
  });

  it("exports every search match as CSV, in search order", async () => {
    const response = await api.get("/api/paper/search/csv?q=2018");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/filename="paper_search_2018_v0\.1\.0\.csv"/);
    const rows = parseCsv(await response.text());
    const json = (
      await api.json<Envelope<Row[]>>(
        "/api/paper/search?q=2018&pageSize=100&genesPageSize=1&mutationsPageSize=1",
      )
    ).body;
    expect(rows.map((r) => Number(r["PubMed ID"]))).toEqual(json.data.map((p) => p.PMID));
    expect(rows.map((r) => r.Genes)).toEqual(json.data.map((p) => String(p.total_genes_count)));
  });

  it("keeps SQL round trips flat as the search page grows", async () => {
    const fields = `papers { pmid paperTitle geneCount consensusGeneCount mutationCount availableLocalizations
      consensusStats { consensusPercentage } genes(pageSize: 3) { pagination { total } genes { gene { humanName } localisation { name } } }
      mutations(pageSize: 3) { pagination { total } mutations { variant gene { humanName } pubmedIds } } }`;
    const one = await api.graphql(`{ paperSearch(q: "_2018", pageSize: 2) { ${fields} } }`);
    const many = await api.graphql(`{ paperSearch(q: "_20", pageSize: 40) { ${fields} } }`);
    expect(one.body.errors).toBeUndefined();
    expect(many.body.errors).toBeUndefined();
    const queries = Number(one.headers.get("x-sql-queries"));
    expect(queries).toBeGreaterThan(0);
    expect(Number(many.headers.get("x-sql-queries"))).toBe(queries);
  });
});
