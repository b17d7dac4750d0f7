import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MCP_TOOL_NAMES } from "../../gateway/mcp/tools";
import { testDatabases } from "./databases";
import { type RunningPortal, sharedPortal } from "./portal";

// biome-ignore lint/suspicious/noExplicitAny: tool answers and REST envelopes are JSON read field by field
type Json = Record<string, any>;

const ASD = "DOID:0060041";
const HUSI = 10862698;
const HIPPOCAMPUS = 7;
const LIST = ["DLG4", "GRIN1", "GRIN2A", "GRIN2B", "SHANK3", "SYNGAP1", "CAMK2A", "NLGN1", "NRXN1", "GRIA1"];

describe.each(testDatabases)("the MCP server on $kind", (db) => {
  let api: RunningPortal;
  let client: Client;

  /** Calls a tool through the SDK client; its one text content is the JSON answer. */
  async function call(name: string, args: Record<string, unknown>) {
    const result = (await client.callTool({ name, arguments: args })) as {
      isError?: boolean;
      content: { type: string; text: string }[];
    };
    expect(result.content[0]!.type).toBe("text");
    return { isError: result.isError === true, text: result.content[0]!.text };
  }
  async function answer(name: string, args: Record<string, unknown>): Promise<Json> {
    const result = await call(name, args);
    expect(result.isError, result.text).toBe(false);
    return JSON.parse(result.text) as Json;
  }
  async function rest(path: string): Promise<Json> {
    const { status, body } = await api.json<Json>(path);
    expect(status).toBe(200);
    return body.data;
  }

  beforeAll(async () => {
    api = await sharedPortal(db);
    client = new Client({ name: "portal-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${api.baseUrl}/mcp`)));
  });
  afterAll(async () => {
    await client?.close();
    await api?.close();
  });

  it("lists the portal's read-only tools", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([...MCP_TOOL_NAMES]);
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe("object");
    }
  });

  it("search_genes finds what GET /api/gene/search finds", async () => {
    const tool = await answer("search_genes", { query: "DLG4" });
    const genes = (await rest("/api/gene/search?q=DLG4")) as Json[];
    expect(tool.total).toBe(genes.length);
    expect(tool.genes.map((g: Json) => [g.id, g.symbol, g.studies, g.diseases, g.match])).toEqual(
      genes.map((g) => [g.ID, g.HumanName, g.papersCount, g.diseasesCount, g.match]),
    );
    expect(tool.genes[0].url).toBe(`${api.baseUrl}/gene/DLG4`);
  });

  it("search_diseases finds what GET /api/disease/search finds", async () => {
    const tool = await answer("search_diseases", { query: "autism" });
    const diseases = (await rest("/api/disease/search?q=autism")) as Json[];
    expect(tool.total).toBe(diseases.length);
    expect(tool.diseases.map((d: Json) => [d.hdoid, d.name, d.genes, d.mutations])).toEqual(
      diseases.map((d) => [d.hdoid, d.description, d.gene_count, d.mutation_count]),
    );
  });

  it("search_studies finds what GET /api/paper/search finds", async () => {
    const tool = await answer("search_studies", { query: String(HUSI) });
    const [study] = (await rest(`/api/paper/search?q=${HUSI}`)) as Json[];
    expect(tool.studies).toHaveLength(1);
    expect(tool.studies[0]).toMatchObject({
      pmid: study!.PMID,
      name: study!.name,
      year: study!.year,
      genes: study!.total_genes_count,
      mutations: study!.total_mutations_count,
      synthetic: study!.is_synthetic,
      url: `${api.baseUrl}/study/${HUSI}`,
    });
  });

  it("get_gene gives a gene with the relations of its REST tabs", async () => {
    const bySymbol = await answer("get_gene", { symbol: "DLG4" });
    const byId = await answer("get_gene", { id: 1 });
    expect(bySymbol).toEqual(byId);
    const [searched] = (await rest("/api/gene/search?q=DLG4")) as Json[];
    expect(byId).toMatchObject({
      id: 1,
      symbol: "DLG4",
      consensus: searched!.isConsensus,
      studyCount: searched!.papersCount,
      diseaseCount: searched!.diseasesCount,
      mutations: searched!.mutationsCount,
    });
    expect(byId.identifiers).toMatchObject({ humanEntrez: searched!.HumanEntrez, mgi: searched!.MGI });
    const diseases = (await rest("/api/gene/1/tab/diseases")) as Json[];
    expect(byId.diseaseCount).toBe(diseases.length);
    expect(byId.diseases.map((d: Json) => d.hdoid)).toEqual(diseases.slice(0, 25).map((d) => d.HDOID));
    const papers = (await rest("/api/gene/1/papers")) as Json[];
    const pmids = new Set(papers.map((p) => p.PMID ?? p.pmid));
    for (const study of byId.studies) expect(pmids.has(study.pmid), String(study.pmid)).toBe(true);
  });

  it("an unknown gene is an error result, and the server goes on", async () => {
    const unknownId = await call("get_gene", { id: 999999 });
    expect(unknownId).toEqual({ isError: true, text: "No gene with the id 999999: try search_genes" });
    const unknownSymbol = await call("get_gene", { symbol: "ZZZQQQ" });
    expect(unknownSymbol).toEqual({
      isError: true,
      text: "No gene with the symbol 'ZZZQQQ': try search_genes",
    });
    expect((await call("get_disease", { hdoid: "DOID:0000000" })).isError).toBe(true);
    expect((await call("get_study", { pmid: 123 })).isError).toBe(true);
    expect((await call("get_chapter", { chapter: "99" })).isError).toBe(true);
    expect((await call("get_region", { id: 999 })).isError).toBe(true);
    // Arguments outside the tool's schema are refused as an error result too.
    expect((await call("search_genes", { query: "" })).isError).toBe(true);
    expect((await answer("get_gene", { id: 1 })).symbol).toBe("DLG4");
  });

  it("get_disease gives the facts of GET /api/disease/search", async () => {
    const tool = await answer("get_disease", { hdoid: ASD });
    const [disease] = (await rest(`/api/disease/search?q=${ASD}`)) as Json[];
    expect(tool).toMatchObject({
      hdoid: ASD,
      name: disease!.description,
      geneCount: disease!.gene_count,
      consensusGeneCount: disease!.consensus_gene_count,
      mutationCount: disease!.mutation_count,
      studyCount: disease!.paper_count,
      url: `${api.baseUrl}/disease/${ASD}`,
    });
    // The REST answer embeds the first 20 genes; the tool lists 25 in the same order.
    expect(tool.genes.slice(0, disease!.genes.length).map((g: Json) => g.symbol)).toEqual(
      disease!.genes.map((g: Json) => g.humanName),
    );
  });

  it("get_study gives the facts of GET /api/paper/search", async () => {
    const tool = await answer("get_study", { pmid: HUSI });
    const [study] = (await rest(`/api/paper/search?q=${HUSI}`)) as Json[];
    expect(tool).toMatchObject({
      pmid: HUSI,
      name: study!.name,
      geneCount: study!.total_genes_count,
      consensusGeneCount: study!.consensus_genes_count,
      mutationCount: study!.total_mutations_count,
    });
    const rows = (await rest(`/api/paper/tab/${HUSI}/genes?pageSize=25`)) as Json[];
    expect(tool.geneRowCount).toBe(study!.total_genes_count);
    expect(
      tool.geneRows.map((r: Json) => [
        r.id,
        r.symbol,
        r.consensus,
        r.synthetic,
        r.compartment,
        r.brainRegion,
        r.species,
      ]),
    ).toEqual(
      rows.map((r) => [
        r.gene_id,
        r.human_name,
        r.is_consensus,
        r.is_synthetic,
        r.localisation?.name ?? null,
        r.brain_region?.name ?? null,
        r.species?.name ?? null,
      ]),
    );
  });

  it("get_chapter gives the facts of GET /api/disease-classifications/chapter/08", async () => {
    const tool = await answer("get_chapter", { chapter: "08" });
    const chapter = await rest("/api/disease-classifications/chapter/08");
    expect(tool).toMatchObject({
      chapter: "08",
      name: chapter.name,
      diseaseCount: chapter.disease_count,
      geneCount: chapter.gene_count,
      url: `${api.baseUrl}/disease-classifications?chapter=08`,
    });
    expect(tool.diseases.map((d: Json) => [d.hdoid, d.name])).toEqual(
      chapter.diseases.slice(0, 25).map((d: Json) => [d.hdoid, d.name]),
    );
  });

  it("get_region gives the facts of GET /api/proteins/brain-regions", async () => {
    const byName = await answer("get_region", { name: "Hippocampus" });
    expect(await answer("get_region", { id: HIPPOCAMPUS })).toEqual(byName);
    const regions = (await rest("/api/proteins/brain-regions")) as Json[];
    const region = regions.find((r) => r.region_id === HIPPOCAMPUS)!;
    expect(byName).toMatchObject({
      id: HIPPOCAMPUS,
      name: region.name,
      consensusProteins: region.distinct_protein_count,
      studies: region.paper_count,
      url: `${api.baseUrl}/brain-region-protein-distribution?region=${HIPPOCAMPUS}`,
    });
    expect(byName.compartments.map((c: Json) => [c.name, c.consensusProteins, c.studies])).toEqual(
      region.compartments.map((c: Json) => [c.name, c.protein_count, c.paper_count]),
    );
  });

  it("analyze_gene_list gives the enrichment of POST /api/analyze", async () => {
    const tool = await answer("analyze_gene_list", { identifiers: LIST });
    const response = await fetch(`${api.baseUrl}/api/analyze`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ identifiers: LIST }),
    });
    expect(response.status).toBe(200);
    const analysis = ((await response.json()) as Json).data;
    expect(tool.inputCount).toBe(LIST.length);
    expect(tool.unmapped).toEqual(analysis.unmapped);
    const significant = (analysis.enrichment as Json[]).filter((t) => t.fdr <= 0.05);
    expect(significant.length).toBeGreaterThan(0);
    expect(tool.significantTermCount).toBe(significant.length);
    expect(tool.terms.map((t: Json) => [t.id, t.fdr, t.overlap])).toEqual(
      significant.slice(0, 25).map((t) => [t.termId, t.fdr, t.overlap]),
    );
    expect(tool.url).toMatch(new RegExp(`^${api.baseUrl}/analyze#list=[A-Za-z0-9_-]+&bg=dataset$`));
  });

  it("compare_sets gives the intersections of POST /api/compare, linked to /compare", async () => {
    const sets = [
      { kind: "disease", value: ASD, consensusOnly: false },
      { kind: "compartment", value: "Presynaptic", consensusOnly: true },
      { kind: "list", value: LIST.join(","), consensusOnly: false },
    ];
    const tool = await answer("compare_sets", { sets });
    const response = await fetch(`${api.baseUrl}/api/compare`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        sets: [
          { kind: "disease", value: ASD },
          { kind: "compartment", value: "Presynaptic", consensusOnly: true },
          { kind: "gene_list", value: LIST.join(",") },
        ],
      }),
    });
    expect(response.status).toBe(200);
    const comparison = ((await response.json()) as Json).data;
    expect(tool.unionSize).toBe(comparison.unionSize);
    expect(tool.sets.map((s: Json) => s.size)).toEqual(comparison.sets.map((s: Json) => s.size));
    expect(tool.intersectionCount).toBe(comparison.intersections.length);
    expect(tool.intersections.map((x: Json) => [x.sets, x.size])).toEqual(
      comparison.intersections.slice(0, 25).map((x: Json) => [x.sets, x.exclusiveSize]),
    );
    expect(tool.url).toBe(
      `${api.baseUrl}/compare?set=disease%3A${encodeURIComponent(ASD)}&set=compartment%3APresynaptic&set=list&consensus=1#list=${encodeURIComponent(LIST.join(","))}`,
    );
    const tooFew = await call("compare_sets", { sets: sets.slice(0, 1) });
    expect(tooFew.isError).toBe(true);
    const unknown = await call("compare_sets", {
      sets: [{ kind: "disease", value: "DOID:999999999" }, sets[1]],
    });
    expect(unknown).toEqual({ isError: true, text: expect.stringContaining("DOID:999999999") });
  });

  it("counts its calls on the API dashboard, one per POST /mcp", async () => {
    const counted = async () => {
      const { body } = await api.json<{ data: { endpoint: string; count: number }[] }>("/api/stats/counter");
      return body.data.find((e) => e.endpoint === "POST /mcp")?.count ?? 0;
    };
    const before = await counted();
    await answer("search_genes", { query: "SHANK3" });
    await answer("get_gene", { symbol: "DLG4" });
    expect(await counted()).toBe(before + 2);
  });

  it("answers with the portal's security headers, and only to POST", async () => {
    const response = await fetch(`${api.baseUrl}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const body = (await response.json()) as Json;
    expect(body.result.tools).toHaveLength(MCP_TOOL_NAMES.length);
    const get = await fetch(`${api.baseUrl}/mcp`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });
});
