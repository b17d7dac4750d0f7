import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hypergeometricUpperTail } from "../../gateway/analysis/statistics";
import { testDatabases } from "./databases";
import { type RunningPortal, sharedPortal } from "./portal";

interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data: T;
}
interface Analysis {
  inputCount: number;
  mapped: { identifier: string; geneId: number; symbol: string; matchedBy: string }[];
  ambiguous: { identifier: string; candidates: { geneId: number; symbol: string; matchedBy: string }[] }[];
  unmapped: string[];
  genes: { geneId: number; symbol: string; isConsensus: boolean; paperCount: number; diseases: string[] }[];
  background: { kind: string; size: number; listInBackground: number };
  categories: { category: string; testedTerms: number }[];
  enrichment: {
    category: string;
    termId: string;
    termName: string;
    overlap: number;
    termSize: number;
    expected: number;
    foldEnrichment: number;
    pValue: number;
    fdr: number;
    genes: string[];
  }[];
}
interface Network {
  nodes: { geneId: number; symbol: string; isSeed: boolean; degree: number }[];
  edges: { source: number; target: number }[];
  totalNodes: number;
  totalEdges: number;
  truncated: boolean;
  message: string | null;
  maxNodes: number;
  maxEdges: number;
}
type GeneRow = {
  id: number;
  human_name: string;
  human_entrez: number | null;
  mouse_entrez: number | null;
  rat_entrez: number | null;
  mgi: string | null;
  ensembl_id: string | null;
  uniprot_id: string | null;
  mouse_name: string | null;
  rat_name: string | null;
  paper_count: number;
  is_consensus: number | boolean;
};

describe.each(testDatabases)("gene-list analysis and networks on $kind", (db) => {
  let api: RunningPortal;
  let genes: GeneRow[];
  const sql = <T>(query: string, params: unknown[] = []) =>
    api.portal.dataSource.query(query, params) as Promise<T[]>;
  const analyze = async (body: unknown, path = "/api/analyze", headers: Record<string, string> = {}) =>
    fetch(api.baseUrl + path, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    api = await sharedPortal(db);
    genes = (await sql<GeneRow>("SELECT * FROM gene ORDER BY id")).map((g) => ({
      ...g,
      id: Number(g.id),
      human_entrez: g.human_entrez === null ? null : Number(g.human_entrez),
      mouse_entrez: g.mouse_entrez === null ? null : Number(g.mouse_entrez),
      rat_entrez: g.rat_entrez === null ? null : Number(g.rat_entrez),
      paper_count: Number(g.paper_count),
    }));
  });
  afterAll(async () => {
    await api?.close();
  });

  it("maps every identifier kind, taken from the database, to its gene", async () => {
    const count = (values: (string | number | null)[]) => {
      const m = new Map<string, number>();
      for (const v of values)
        if (v !== null) m.set(String(v).toLowerCase(), (m.get(String(v).toLowerCase()) ?? 0) + 1);
      return m;
    };
    const numbers = count(genes.flatMap((g) => [g.human_entrez, g.mouse_entrez, g.rat_entrez]));
    const symbols = count(genes.flatMap((g) => [g.human_name, g.mouse_name, g.rat_name]));
    const aliasRows = await sql<{ gene_id: number; term: string }>(
      "SELECT gene_id, term FROM gene_term WHERE kind = 'alias'",
    );
    const aliasCount = count(aliasRows.map((r) => r.term));
    const uniprot = count(genes.map((g) => g.uniprot_id));
    // A gene whose identifiers each name it alone (so the expected mapping is unambiguous).
    const gene = genes.find(
      (g) =>
        g.human_entrez !== null &&
        g.mouse_entrez !== null &&
        g.rat_entrez !== null &&
        g.mgi &&
        g.ensembl_id &&
        g.uniprot_id &&
        [g.human_entrez, g.mouse_entrez, g.rat_entrez].every((n) => numbers.get(String(n)) === 1) &&
        symbols.get(g.human_name.toLowerCase()) === 1 &&
        uniprot.get(g.uniprot_id.toLowerCase()) === 1 &&
        aliasRows.some(
          (a) => Number(a.gene_id) === g.id && aliasCount.get(a.term) === 1 && !symbols.has(a.term),
        ),
    );
    expect(gene).toBeDefined();
    const g = gene!;
    const alias = aliasRows.find(
      (a) => Number(a.gene_id) === g.id && aliasCount.get(a.term) === 1 && !symbols.has(a.term),
    )!.term;
    const ids = {
      symbol: g.human_name.toLowerCase(),
      alias: alias.toUpperCase(),
      human_entrez: String(g.human_entrez),
      mouse_entrez: String(g.mouse_entrez),
      rat_entrez: String(g.rat_entrez),
      mgi: g.mgi!.toLowerCase(),
      ensembl: `${g.ensembl_id}.7`,
      uniprot: g.uniprot_id!,
    };
    // Mixed separators: newline, comma, tab, space, semicolon.
    const text = Object.values(ids)
      .join("\n")
      .replace(/\n/, ",")
      .replace(/\n/, "\t")
      .replace(/\n/, " ")
      .replace(/\n/, ";");
    const res = await analyze({ identifiers: text });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Envelope<Analysis>;
    expect(body.success).toBe(true);
    expect(body.data.inputCount).toBe(8);
    expect(body.data.unmapped).toEqual([]);
    expect(body.data.ambiguous).toEqual([]);
    for (const [kind, identifier] of Object.entries(ids)) {
      const m = body.data.mapped.find((x) => x.identifier === identifier);
      expect(m, kind).toMatchObject({ geneId: g.id, symbol: g.human_name, matchedBy: kind });
    }
    expect(body.data.genes.map((x) => x.geneId)).toEqual([g.id]);
    expect(body.data.genes[0]!.paperCount).toBe(g.paper_count);
  });

  it("reports ambiguous identifiers with their candidates, and unmapped ones", async () => {
    const rows = await sql<{ term: string; gene_id: number }>(
      "SELECT term, gene_id FROM gene_term WHERE kind = 'alias' ORDER BY term, gene_id",
    );
    const byTerm = new Map<string, Set<number>>();
    for (const r of rows) byTerm.set(r.term, (byTerm.get(r.term) ?? new Set()).add(Number(r.gene_id)));
    const names = new Set(
      genes
        .flatMap((g) => [g.human_name, g.mouse_name, g.rat_name])
        .filter(Boolean)
        .map((s) => s!.toLowerCase()),
    );
    const [term, ids] = [...byTerm].find(
      ([t, set]) => set.size > 1 && !names.has(t) && !/^\d+$/.test(t) && /^[a-z0-9-]+$/.test(t),
    )!;
    const res = await analyze({ identifiers: [term, "NOT-A-GENE-ZZZ9"] });
    const body = (await res.json()) as Envelope<Analysis>;
    expect(body.data.unmapped).toEqual(["NOT-A-GENE-ZZZ9"]);
    expect(body.data.mapped).toEqual([]);
    expect(body.data.ambiguous).toHaveLength(1);
    expect(new Set(body.data.ambiguous[0]!.candidates.map((c) => c.geneId))).toEqual(ids);
    expect(body.data.ambiguous[0]!.candidates.every((c) => c.matchedBy === "alias")).toBe(true);
  });

  it("computes enrichment whose counts match SQL, and logs the time of 200 synaptic genes", async () => {
    const list = genes
      .filter((g) => Boolean(Number(g.is_consensus)))
      .sort((a, b) => b.paper_count - a.paper_count || a.id - b.id)
      .slice(0, 200);
    // Timed, not asserted: the first call also counts the background's term sizes (then kept per release).
    const timed = async () => {
      const started = performance.now();
      const res = await analyze({ identifiers: list.map((g) => g.human_name) });
      const body = (await res.json()) as Envelope<Analysis>;
      return { body, ms: performance.now() - started };
    };
    const cold = await timed();
    const { body, ms } = await timed();
    console.log(
      `[${db.kind}] 200 synaptic genes mapped and enriched: first call ${cold.ms.toFixed(0)} ms, next call ${ms.toFixed(0)} ms (HTTP round trip)`,
    );
    expect(body.data.enrichment).toEqual(cold.body.data.enrichment);
    expect(body.data.mapped).toHaveLength(200);
    const N = genes.length;
    expect(body.data.background).toMatchObject({ kind: "DATASET", size: N, listInBackground: 200 });
    const disease = body.data.enrichment.find((t) => t.category === "DISEASE");
    expect(disease).toBeDefined();
    const members = await sql<{ gene_id: number }>(
      "SELECT DISTINCT gene_id FROM disease_gene WHERE hdoid = ?",
      [disease!.termId],
    );
    const K = members.length;
    const listIds = new Set(list.map((g) => g.id));
    const k = members.filter((m) => listIds.has(Number(m.gene_id))).length;
    expect(disease!.termSize).toBe(K);
    expect(disease!.overlap).toBe(k);
    expect(disease!.expected).toBeCloseTo((200 * K) / N, 10);
    expect(disease!.foldEnrichment).toBeCloseTo(k / ((200 * K) / N), 10);
    expect(disease!.pValue).toBeCloseTo(hypergeometricUpperTail(k, N, K, 200), 12);
    expect(disease!.genes).toHaveLength(k);
    // One tested term per disease with at least one gene (the m of Benjamini–Hochberg).
    const [{ n: diseases }] = await sql<{ n: number }>("SELECT COUNT(DISTINCT hdoid) AS n FROM disease_gene");
    expect(body.data.categories.find((c) => c.category === "DISEASE")!.testedTerms).toBe(Number(diseases));
    // Ordered by p, FDR never below p, capped at 1.
    for (let i = 1; i < body.data.enrichment.length; i++)
      expect(body.data.enrichment[i]!.pValue).toBeGreaterThanOrEqual(body.data.enrichment[i - 1]!.pValue);
    for (const t of body.data.enrichment) {
      expect(t.fdr).toBeGreaterThanOrEqual(t.pValue);
      expect(t.fdr).toBeLessThanOrEqual(1);
    }
    // Consensus background: N is the consensus set.
    const consensus = await analyze({
      identifiers: list.map((g) => g.human_name),
      background: "consensus",
      categories: ["compartment"],
    });
    const cBody = (await consensus.json()) as Envelope<Analysis>;
    const [{ n: cN }] = await sql<{ n: number }>(
      "SELECT COUNT(*) AS n FROM gene WHERE is_consensus = ?",
      [1],
    );
    expect(cBody.data.background.size).toBe(Number(cN));
    expect(new Set(cBody.data.enrichment.map((t) => t.category))).toEqual(new Set(["COMPARTMENT"]));
  });

  it("uses a pasted background and leaves list genes outside it untested", async () => {
    const list = genes.slice(0, 30).map((g) => g.human_name);
    const background = genes.slice(10, 400).map((g) => String(g.human_entrez ?? g.human_name));
    const res = await analyze({
      identifiers: list,
      background: "custom",
      backgroundIdentifiers: background.join("\n"),
    });
    const body = (await res.json()) as Envelope<
      Analysis & { background: { listOutsideBackground: string[] } }
    >;
    expect(body.data.background.kind).toBe("CUSTOM");
    expect(body.data.background.listInBackground).toBe(20);
    expect(body.data.background.listOutsideBackground).toEqual(genes.slice(0, 10).map((g) => g.human_name));
    for (const t of body.data.enrichment) expect(t.termSize).toBeLessThanOrEqual(body.data.background.size);
  });

  it("serves the same enrichment as CSV (Accept: text/csv or ?format=csv) and JSON", async () => {
    const identifiers = genes.slice(0, 120).map((g) => g.human_name);
    const json = (await (await analyze({ identifiers })).json()) as Envelope<Analysis>;
    const csvRes = await analyze({ identifiers }, "/api/analyze?format=csv");
    expect(csvRes.headers.get("content-type")).toContain("text/csv");
    expect(csvRes.headers.get("content-disposition")).toMatch(
      /filename="gene_list_enrichment_dataset_v[^"]+\.csv"/,
    );
    const rows = parse(await csvRes.text(), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(json.data.enrichment.length);
    rows.forEach((row, i) => {
      const t = json.data.enrichment[i]!;
      expect(row["Term ID"]).toBe(t.termId);
      expect(Number(row.Overlap)).toBe(t.overlap);
      expect(Number(row["Term size"])).toBe(t.termSize);
      expect(Number(row["P value"])).toBeCloseTo(t.pValue, 12);
      expect(Number(row.FDR)).toBeCloseTo(t.fdr, 12);
    });
    const accept = await analyze({ identifiers }, "/api/analyze?table=genes", { accept: "text/csv" });
    const geneRows = parse(await accept.text(), { columns: true }) as Record<string, string>[];
    expect(geneRows.map((r) => r.Symbol)).toEqual(json.data.genes.map((g) => g.symbol));
  });

  it("refuses too many identifiers, an oversized body and bad parameters with a 4xx envelope", async () => {
    const tooMany = Array.from({ length: 5001 }, (_, i) => `G${i}`);
    const r1 = await analyze({ identifiers: tooMany });
    expect(r1.status).toBe(400);
    expect(await r1.json()).toEqual({ success: false, message: expect.stringContaining("at most 5,000") });
    // 5,000 long identifiers fit (above the gateway's default 64 KiB limit).
    const fiveThousand = Array.from({ length: 5000 }, (_, i) => `ENSG9${String(i).padStart(10, "0")}.12`);
    expect(JSON.stringify({ identifiers: fiveThousand }).length).toBeGreaterThan(64 * 1024);
    const r2 = await analyze({ identifiers: fiveThousand, categories: ["compartment"] });
    expect(r2.status).toBe(200);
    expect(((await r2.json()) as Envelope<Analysis>).data.unmapped).toHaveLength(5000);
    const r3 = await analyze({ identifiers: "x".repeat(1100 * 1024) });
    expect(r3.status).toBe(413);
    expect((await r3.json()) as Envelope).toMatchObject({ success: false });
    for (const bad of [
      { identifiers: "" },
      { identifiers: "DLG4", background: "galaxy" },
      { identifiers: 5 },
    ]) {
      const r = await analyze(bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(((await r.json()) as Envelope).success).toBe(false);
    }
    const gql = await api.graphql(
      "query($i: AnalyzeGeneListInput!) { analyzeGeneList(input: $i) { inputCount } }",
      {
        i: { identifiers: tooMany.slice(0, 5001) },
      },
    );
    expect(gql.body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("answers analyzeGeneList in GraphQL like the REST route", async () => {
    const identifiers = genes.slice(0, 50).map((g) => g.human_name);
    const gql = await api.graphql<{ analyzeGeneList: { enrichment: { termId: string; pValue: number }[] } }>(
      `query($i: AnalyzeGeneListInput!) { analyzeGeneList(input: $i) { enrichment { termId pValue } } }`,
      { i: { identifiers, background: "SYNAPTIC" } },
    );
    expect(gql.body.errors).toBeUndefined();
    const rest = (await (
      await analyze({ identifiers, background: "synaptic" })
    ).json()) as Envelope<Analysis>;
    expect(gql.body.data!.analyzeGeneList.enrichment.map((t) => t.termId)).toEqual(
      rest.data.enrichment.map((t) => t.termId),
    );
  });

  it("builds induced and limited networks whose edges match the PPI table", async () => {
    const [top] = await sql<{ g: number; n: number }>(
      "SELECT g, COUNT(*) AS n FROM (SELECT gene_a AS g FROM ppi UNION ALL SELECT gene_b AS g FROM ppi) x GROUP BY g ORDER BY n DESC, g LIMIT 1",
    );
    const partners = await sql<{ p: number }>(
      "SELECT gene_b AS p FROM ppi WHERE gene_a = ? UNION SELECT gene_a AS p FROM ppi WHERE gene_b = ?",
      [top!.g, top!.g],
    );
    const induced = (await api.json<Envelope<Network>>(`/api/network?geneIds=${top!.g}&mode=induced`)).body
      .data;
    expect(induced.totalNodes).toBe(partners.length + 1);
    expect(induced.nodes[0]).toMatchObject({ geneId: Number(top!.g), isSeed: true });
    expect(induced.nodes.length).toBeLessThanOrEqual(induced.maxNodes);
    expect(induced.edges.length).toBeLessThanOrEqual(induced.maxEdges);
    expect(induced.truncated).toBe(
      induced.totalNodes > induced.maxNodes || induced.totalEdges > induced.maxEdges,
    );
    if (induced.truncated) expect(induced.message).toMatch(/Showing .* of .* genes/);
    // Limited to the gene and five of its partners: only edges among them.
    const five = partners.slice(0, 5).map((p) => Number(p.p));
    const seedIds = [Number(top!.g), ...five];
    const limited = (
      await api.json<Envelope<Network>>(`/api/network?geneIds=${seedIds.join(",")}&mode=limited`)
    ).body.data;
    const [{ n: among }] = await sql<{ n: number }>(
      `SELECT COUNT(*) AS n FROM ppi WHERE gene_a IN (${seedIds.join(",")}) AND gene_b IN (${seedIds.join(",")})`,
    );
    expect(limited.edges).toHaveLength(Number(among));
    expect(limited.nodes.map((n) => n.geneId).sort()).toEqual([...seedIds].sort());
    // Downloads: the whole network, as a CSV edge list and as GraphML.
    const csv = await api.get(`/api/network/csv?geneIds=${top!.g}&mode=induced`);
    expect(csv.headers.get("content-disposition")).toMatch(/filename="network_induced_1_genes_v[^"]+\.csv"/);
    const edges = parse(await csv.text(), { columns: true }) as Record<string, string>[];
    expect(edges).toHaveLength(induced.totalEdges);
    const graphml = await api.get(`/api/network/graphml?geneIds=${top!.g}&mode=induced`);
    expect(graphml.headers.get("content-type")).toContain("application/graphml+xml");
    const xml = await graphml.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml.match(/<node /g)).toHaveLength(induced.totalNodes);
    expect(xml.match(/<edge /g)).toHaveLength(induced.totalEdges);
    expect(xml.trim().endsWith("</graphml>")).toBe(true);
  });

  it("caps a compartment network and says what was cut; bad network requests are 400", async () => {
    const net = await api.graphql<{ geneNetwork: Network }>(
      `query { geneNetwork(input: { compartment: "Presynaptic", mode: LIMITED }) { totalNodes totalEdges truncated message maxNodes nodes { geneId } edges { source } } }`,
    );
    expect(net.body.errors).toBeUndefined();
    const n = net.body.data!.geneNetwork;
    const [{ c }] = await sql<{ c: number }>(
      "SELECT COUNT(DISTINCT pg.gene_id) AS c FROM paper_gene pg JOIN localisation l ON l.id = pg.localisation_id WHERE l.name = 'Presynaptic'",
    );
    expect(n.totalNodes).toBe(Number(c));
    expect(n.truncated).toBe(Number(c) > n.maxNodes || n.totalEdges > 2000);
    expect(n.nodes.length).toBe(Math.min(Number(c), n.maxNodes));
    if (n.truncated) expect(n.message).toContain(`of ${Number(c).toLocaleString("en-US")} genes`);
    for (const path of [
      "/api/network",
      "/api/network?compartment=Nowhere",
      "/api/network?genes=DLG4&mode=sideways",
      "/api/network?geneIds=abc",
    ]) {
      const r = await api.json<Envelope>(path);
      expect(r.status, path).toBe(400);
      expect(r.body.success).toBe(false);
    }
  });
});
