import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "./databases";
import { type RunningPortal, sharedPortal } from "./portal";

interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data: T;
  pagination?: { page: number; pageSize: number; total: number; totalPages: number };
  count?: { genes: number };
}
type GeneRow = Record<string, unknown> & { ID: number; HumanName: string };

const TABS = ["papers", "diseases", "mutations", "omim", "syngo", "syngoportal"] as const;
const CSV_PATHS: Record<(typeof TABS)[number], string> = {
  papers: "allpapers",
  diseases: "alldiseases",
  mutations: "allmutations",
  omim: "allomimentries",
  syngo: "allsyngo",
  syngoportal: "allsyngoportal",
};
const COUNT_FIELD: Record<(typeof TABS)[number], string> = {
  papers: "papersCount",
  diseases: "diseasesCount",
  mutations: "mutationsCount",
  omim: "omimCount",
  syngo: "syngoCount",
  syngoportal: "syngoportalCount",
};

describe.each(testDatabases)("gene slice on $kind", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    api = await sharedPortal(db);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("is healthy and ready once the release is loaded", async () => {
    expect((await api.json("/healthz")).body).toEqual({ status: "ok" });
    const ready = await api.json("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: "ready",
      release: expect.stringMatching(/^0\.1\.0@/),
      replicas: [],
    });
  });

  it("finds DLG4 first by its symbol, with the documented envelope and counts", async () => {
    const { status, body } = await api.json<Envelope<GeneRow[]>>("/api/gene/search?q=DLG4");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data[0]).toMatchObject({
      ID: 1,
      HumanName: "DLG4",
      HumanEntrez: 1742,
      MGI: "MGI:1277959",
      isConsensus: true,
      papersCount: 51,
    });
    // LLGL1 lists DLG4 as an alias: it matches too, but after the exact symbol.
    expect(body.data.map((g) => g.HumanName)).toContain("LLGL1");
    expect(body.count?.genes).toBe(body.pagination?.total);
    expect(body.pagination).toMatchObject({ page: 1, pageSize: 10 });
  });

  it.each([
    ["alias", "PSD-95"],
    ["alias, any case", "psd95"],
    ["Human Entrez", "1742"],
    ["Mouse Entrez", "13385"],
    ["Rat Entrez", "29495"],
    ["MGI id", "MGI:1277959"],
    ["protein name", "discs large MAGUK scaffold protein 4"],
  ])("resolves DLG4 by %s (%s)", async (_kind, term) => {
    const { body } = await api.json<Envelope<GeneRow[]>>(`/api/gene/search?q=${encodeURIComponent(term)}`);
    expect(body.data[0]?.HumanName).toBe("DLG4");
  });

  it("pages through a broad search with totals", async () => {
    const first = await api.json<Envelope<GeneRow[]>>("/api/gene/search?q=kinase&page=1&pageSize=5");
    const second = await api.json<Envelope<GeneRow[]>>("/api/gene/search?q=kinase&page=2&pageSize=5");
    expect(first.body.pagination!.total).toBeGreaterThan(10);
    expect(first.body.pagination!.totalPages).toBe(Math.ceil(first.body.pagination!.total / 5));
    expect(first.body.data).toHaveLength(5);
    const overlap = first.body.data.filter((g) => second.body.data.some((h) => h.ID === g.ID));
    expect(overlap).toHaveLength(0);
  });

  it("gives small pages that, joined, are exactly the order of one large page", async () => {
    // 'syn' matches symbols, aliases and many protein names: the pages cross every rank group.
    const large = await api.json<Envelope<GeneRow[]>>("/api/gene/search?q=syn&page=1&pageSize=100");
    expect(large.body.pagination!.total).toBeGreaterThan(100);
    const joined: number[] = [];
    for (let page = 1; joined.length < 100; page++) {
      const small = await api.json<Envelope<GeneRow[]>>(`/api/gene/search?q=syn&page=${page}&pageSize=7`);
      joined.push(...small.body.data.map((g) => g.ID));
    }
    expect(joined.slice(0, 100)).toEqual(large.body.data.map((g) => g.ID));
    // The SYN family (SYN1-3) first, then FYN and SYNM (their alias is exactly 'SYN'), then other prefixes.
    expect(large.body.data.slice(0, 5).map((g) => g.HumanName)).toEqual([
      "SYN1",
      "SYN2",
      "SYN3",
      "FYN",
      "SYNM",
    ]);
  });

  it.each([
    ["/api/gene/search", 400, "Search term is required"],
    ["/api/gene/search?q=", 400, "Search term is required"],
    ["/api/gene/search?q=%20%20", 400, "Search term is required"],
    ["/api/gene/search?q=DLG4&page=0", 400, "page must be at least 1"],
    ["/api/gene/search?q=DLG4&pageSize=1000", 400, "pageSize must be at most 100"],
    ["/api/gene/search?q=DLG4&page=abc", 400, "page must be a whole number"],
    [
      "/api/gene/1/tab/bogus",
      400,
      "Invalid tab type. Must be one of: papers, diseases, mutations, omim, syngo, syngoportal",
    ],
    ["/api/gene/abc/tab/papers", 400, "Invalid gene id"],
    ["/api/gene/999999/tab/papers", 404, "Gene not found"],
    ["/api/gene/999999/papers", 404, "Gene not found"],
    ["/api/gene/999999/csv", 404, "Gene not found"],
    ["/api/no-such-endpoint", 404, "Not found"],
  ])("GET %s answers %i with the error envelope", async (path, status, message) => {
    const response = await api.json<Envelope>(path);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ success: false, message });
  });

  it("finds nothing for an unknown term without an error", async () => {
    const { status, body } = await api.json<Envelope<GeneRow[]>>("/api/gene/search?q=zzzznotagene");
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.pagination?.total).toBe(0);
  });

  it("treats LIKE wildcards in a term literally", async () => {
    const { body } = await api.json<Envelope<GeneRow[]>>("/api/gene/search?q=%25");
    expect(body.pagination?.total).toBe(0);
  });

  it.each(TABS)("serves the %s tab of DLG4 with as many rows as its count", async (tab) => {
    const card = (await api.json<Envelope<GeneRow[]>>("/api/gene/search?q=DLG4&pageSize=1")).body.data[0]!;
    const { status, body } = await api.json<Envelope<Record<string, unknown>[]>>(`/api/gene/1/tab/${tab}`);
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    if (tab === "papers") {
      const unique = new Set(body.data.map((p) => p.PMID));
      expect(unique.size).toBe(card.papersCount);
      expect(body.data[0]).toHaveProperty("brain_region.name");
      expect(body.data[0]).toHaveProperty("localisation.name");
    } else {
      expect(body.data.length).toBe(card[COUNT_FIELD[tab]]);
    }
  });

  it("gives the same papers from /papers as from the papers tab", async () => {
    const a = await api.json<Envelope>("/api/gene/1/papers");
    const b = await api.json<Envelope>("/api/gene/1/tab/papers");
    expect(a.body.data).toEqual(b.body.data);
  });

  it("lists the consensus genes' Entrez ids", async () => {
    const { body } = await api.json<Envelope<string[]>>("/api/consensus/genes");
    expect(body.data).toHaveLength(3421);
    expect(body.data).toContain("1742");
  });

  it.each(TABS)("exports the %s tab as a CSV that parses back to the tab's rows", async (tab) => {
    const response = await api.get(`/api/gene/1/${CSV_PATHS[tab]}/csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(
      new RegExp(`filename="gene_DLG4_${tab}_v0\\.1\\.0\\.csv"`),
    );
    const rows = parse(await response.text(), {
      columns: true,
      relax_quotes: false,
      relax_column_count: false,
    }) as Record<string, string>[];
    const json = (await api.json<Envelope<unknown[]>>(`/api/gene/1/tab/${tab}`)).body.data;
    expect(rows).toHaveLength(json.length);
    if (tab === "papers") expect(rows[0]!["PubMed ID"]).toBe(String((json[0] as { PMID: number }).PMID));
  });

  it("exports every gene of a search as CSV, in search order, with the JSON's counts", async () => {
    const response = await api.get("/api/gene/search/csv?q=kinase");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="gene_search_kinase_v0.1.0.csv"',
    );
    const rows = parse(await response.text(), {
      columns: true,
      relax_quotes: false,
      relax_column_count: false,
    }) as Record<string, string>[];
    const json = (await api.json<Envelope<GeneRow[]>>("/api/gene/search?q=kinase&pageSize=100")).body;
    expect(rows).toHaveLength(json.pagination!.total);
    expect(rows.slice(0, 5).map((r) => r["Gene Symbol"])).toEqual(
      json.data.slice(0, 5).map((g) => g.HumanName),
    );
    expect(rows[0]!.Diseases).toBe(String(json.data[0]!.diseasesCount));
    expect((await api.json("/api/gene/search/csv")).body).toEqual({
      success: false,
      message: "Search term is required",
    });
  });

  it("exports the gene card as one CSV row", async () => {
    const response = await api.get("/api/gene/1/csv");
    const rows = parse(await response.text(), {
      columns: true,
      relax_quotes: false,
      relax_column_count: false,
    }) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({
        "Gene Symbol": "DLG4",
        "Human Entrez": "1742",
        Consensus: "Yes",
        Publications: "51",
      }),
    ]);
  });

  it("labels synthetic rows in the data it serves", async () => {
    const { body } =
      await api.json<Envelope<{ is_synthetic: boolean; PMID: number }[]>>("/api/gene/1/tab/papers");
    const synthetic = body.data.filter((p) => p.is_synthetic);
    expect(synthetic.length).toBeGreaterThan(0);
    const release = await api.graphql<{
      datasetRelease: {
        version: string;
        hasSyntheticData: boolean;
        tables: { file: string; class: string }[];
      };
    }>("{ datasetRelease { version hasSyntheticData tables { file class } } }");
    expect(release.body.data?.datasetRelease).toMatchObject({ version: "0.1.0", hasSyntheticData: true });
    expect(release.body.data?.datasetRelease.tables.find((t) => t.file === "paper_genes.csv")?.class).toBe(
      "mixed",
    );
  });

  it("answers GraphQL errors with a clear message and no internals", async () => {
    const { body } = await api.graphql('{ geneSearch(q: "  ") { pagination { total } } }');
    expect(body.errors?.[0]?.message).toBe("Search term is required");
    expect(body.errors?.[0]?.extensions).toEqual({ code: "BAD_USER_INPUT" });
    expect(JSON.stringify(body)).not.toMatch(/stacktrace|at \w+ \(/i);
  });

  it("answers the full gene query in as many statements whatever the gene's size", async () => {
    const query = `query Full($id: Int!) { gene(id: $id) { humanName papersCount diseasesCount mutationsCount omimCount syngoCount syngoportalCount
      papers { pmid name species { name } brainRegion { name } localisation { name } method { name } }
      diseases { hdoid description } mutations { id variant pubmedIds diseaseDescription }
      omimRecords { omimId } goAnnotations { goId term } syngoAnnotations { id goName } } }`;
    // A 3-study gene that still has a row in every relation, so both runs resolve the same fields.
    const small = (await api.portal.dataSource.query(
      `SELECT g.id FROM gene g WHERE g.paper_count = 3
         AND EXISTS (SELECT 1 FROM mutation m WHERE m.gene_id = g.id)
         AND EXISTS (SELECT 1 FROM disease_gene d WHERE d.gene_id = g.id)
         AND EXISTS (SELECT 1 FROM omim_record o WHERE o.human_entrez = g.human_entrez)
         AND EXISTS (SELECT 1 FROM go_gene x WHERE x.gene_id = g.id)
         AND EXISTS (SELECT 1 FROM syngo_annotation_gene s WHERE s.gene_id = g.id)
       ORDER BY g.id LIMIT 1`,
    )) as { id: number }[];
    const smallRun = await api.graphql<{ gene: { papersCount: number; papers: unknown[] } }>(query, {
      id: Number(small[0]!.id),
    });
    const bigRun = await api.graphql<{ gene: { papersCount: number; papers: unknown[] } }>(query, { id: 1 });
    expect(smallRun.body.data?.gene.papersCount).toBe(3);
    expect(bigRun.body.data?.gene.papersCount).toBe(51);
    expect(bigRun.body.data!.gene.papers.length).toBeGreaterThan(smallRun.body.data!.gene.papers.length * 5);
    // The gene is read by its key, its counts are held per release (release-size.service.ts) and its tabs
    // are one document (gene_document): the gene with 51 studies costs the statements the one with 3 does.
    const statements = Number(smallRun.headers.get("x-sql-queries"));
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThanOrEqual(7);
    expect(Number(bigRun.headers.get("x-sql-queries"))).toBe(statements);
  });

  it("keeps search round trips flat as the page grows", async () => {
    const fields = "genes { humanName diseasesCount mutationsCount omimCount syngoCount syngoportalCount }";
    const one = await api.graphql(`{ geneSearch(q: "kinase", pageSize: 1) { ${fields} } }`);
    const many = await api.graphql(`{ geneSearch(q: "kinase", pageSize: 50) { ${fields} } }`);
    expect(Number(many.headers.get("x-sql-queries"))).toBe(Number(one.headers.get("x-sql-queries")));
  });

  it("records visits and counts them", async () => {
    const before = (
      await api.json<Envelope<{ unique_visitors: number; total_visits: number }>>("/api/stats/visits")
    ).body.data;
    const visitorId = `test-${db.kind}-${Date.now()}`;
    for (const path of ["/", "/gene-search"]) {
      const response = await fetch(`${api.baseUrl}/api/stats/record-visit`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ path, visitorId }),
      });
      expect(response.status).toBe(200);
    }
    const after = (
      await api.json<Envelope<{ unique_visitors: number; total_visits: number }>>("/api/stats/visits")
    ).body.data;
    expect(after.total_visits).toBe(before.total_visits + 2);
    expect(after.unique_visitors).toBe(before.unique_visitors + 1);
  });

  it("refuses a malformed visit", async () => {
    const response = await fetch(`${api.baseUrl}/api/stats/record-visit`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "no-slash", visitorId: "x" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      message: "path must start with / and be at most 255 characters",
    });
  });
});

describe.each(testDatabases.slice(0, 1))("GraphQL over HTTP on $kind", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    api = await sharedPortal(db);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("answers GET queries with the GraphQL response media type", async () => {
    const query = encodeURIComponent('{ geneSearch(q: "DLG4", pageSize: 1) { genes { humanName } } }');
    const response = await fetch(`${api.baseUrl}/graphql?query=${query}`, {
      headers: { accept: "application/graphql-response+json" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/graphql-response+json");
    expect(await response.json()).toEqual({ data: { geneSearch: { genes: [{ humanName: "DLG4" }] } } });
  });

  it("keeps introspection on for the public API", async () => {
    const { body } = await api.graphql<{ __schema: { queryType: { name: string } } }>(
      "{ __schema { queryType { name } } }",
    );
    expect(body.data?.__schema.queryType.name).toBe("Query");
  });

  it("refuses an over-expensive query before running it", async () => {
    const tabs =
      "papers { pmid name } diseases { hdoid } mutations { id pubmedIds } omimRecords { omimId } goAnnotations { goId } syngoAnnotations { id }";
    const { status, body, headers } = await api.graphql(
      `{ geneSearch(q: "a", pageSize: 100) { genes { humanName ${tabs} interactors { ${tabs} } } } }`,
    );
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toMatch(
      /^Query is too expensive: Gene\.\w+ under geneSearch\.genes\.interactors would return about/,
    );
    expect(Number(headers.get("x-sql-queries"))).toBe(0);
  });

  it("refuses too many aliases", async () => {
    const many = Array.from({ length: 16 }, (_, i) => `g${i}: gene(id: ${i + 1}) { humanName }`).join(" ");
    const { status, body } = await api.graphql(`{ ${many} }`);
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toMatch(/aliases/i);
  });
});

describe.each(testDatabases)("gene relations on $kind", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    api = await sharedPortal(db);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("links a gene to its compartments, brain regions and interaction partners", async () => {
    const { body } = await api.graphql<{
      gene: {
        compartments: { name: string }[];
        brainRegions: { name: string }[];
        interactors: { id: number; humanName: string }[];
        interactorCount: number;
      };
    }>(
      "{ gene(id: 1) { compartments { name } brainRegions { name } interactors { id humanName } interactorCount } }",
    );
    const gene = body.data!.gene;
    expect(gene.compartments.map((c) => c.name)).toEqual(
      expect.arrayContaining(["Postsynaptic", "Synaptosome"]),
    );
    expect(gene.brainRegions.map((r) => r.name)).toContain("Brain");
    const edges = (await api.portal.dataSource.query(
      "SELECT COUNT(*) AS n FROM ppi WHERE gene_a = 1 OR gene_b = 1",
    )) as { n: number | string }[];
    expect(gene.interactorCount).toBe(Number(edges[0]!.n));
    expect(gene.interactors).toHaveLength(gene.interactorCount);
    expect(gene.interactors.map((g) => g.humanName)).toEqual(
      expect.arrayContaining(["GRIN2B", "GRIN1", "DLG3"]),
    );
  });

  it("resolves a GO term to its genes, and the reference lists", async () => {
    const { body } = await api.graphql<{
      goTerm: { term: string; genes: { humanName: string }[] };
      species: { name: string }[];
      methods: { name: string }[];
      brainRegions: { name: string }[];
    }>(
      '{ goTerm(goId: "GO:0014069") { term genes { humanName } } species { name } methods { name } brainRegions { name } }',
    );
    expect(body.data!.goTerm.term).toBe("postsynaptic density");
    expect(body.data!.goTerm.genes.map((g) => g.humanName)).toContain("DLG4");
    expect(body.data!.species.map((s) => s.name)).toEqual(["human", "mouse", "rat"]);
    expect(body.data!.methods.map((m) => m.name)).toEqual(["Shotgun", "Target"]);
    expect(body.data!.brainRegions).toHaveLength(18);
  });

  it("keeps interactor lookups batched whatever the page size", async () => {
    const fields = "genes { humanName interactorCount compartments { name } interactors { humanName } }";
    const one = await api.graphql(`{ geneSearch(q: "kinase", pageSize: 1) { ${fields} } }`);
    const many = await api.graphql(`{ geneSearch(q: "kinase", pageSize: 20) { ${fields} } }`);
    expect(one.body.errors).toBeUndefined();
    expect(many.body.errors).toBeUndefined();
    expect(Number(many.headers.get("x-sql-queries"))).toBe(Number(one.headers.get("x-sql-queries")));
  });
});
