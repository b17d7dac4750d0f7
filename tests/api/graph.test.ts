import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLES } from "../../web/src/routes/explorer/examples";
import { testDatabases } from "./databases";
import { type RunningPortal, sharedPortal } from "./portal";

/**
 * The GraphQL schema as the domain graph: every relation is walked both ways and checked against
 * the bulk CSV downloads of the same facts (genes-diseases, paper-genes, mutations, paper-mutations,
 * diseases, brain-regions), on both databases.
 */

type Row = Record<string, string>;

interface Paged {
  totalCount: number;
  page: number;
  pageSize: number;
  hasNextPage: boolean;
}

describe.each(testDatabases)("the domain graph on $kind", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    api = await sharedPortal(db);
  });
  afterAll(async () => {
    await api?.close();
  });

  const csvs = new Map<string, Row[]>();
  /** A bulk CSV download as objects keyed by header (downloaded once per database). */
  async function csv(name: string): Promise<Row[]> {
    const cached = csvs.get(name);
    if (cached) return cached;
    const response = await api.get(`/api/${name}`);
    expect(response.status).toBe(200);
    const rows = parse(await response.text(), { columns: true }) as Row[];
    csvs.set(name, rows);
    return rows;
  }

  /** A query that must succeed; its data. */
  async function query<T>(text: string, variables?: Record<string, unknown>): Promise<T> {
    const response = await api.graphql<T>(text, variables);
    expect(response.body.errors).toBeUndefined();
    expect(response.status).toBe(200);
    return response.body.data as T;
  }

  /** Every page of a connection, read page by page (pageSize 100), checking the paging fields agree. */
  async function allPages<E>(read: (page: number) => Promise<Paged & { items: E[] }>): Promise<E[]> {
    const items: E[] = [];
    for (let page = 1; ; page++) {
      const result = await read(page);
      expect(result.page).toBe(page);
      items.push(...result.items);
      if (!result.hasNextPage) {
        expect(items.length).toBe(result.totalCount);
        return items;
      }
      expect(page).toBeLessThan(100);
    }
  }

  const sorted = (values: string[]) => [...values].sort();

  it("Gene ↔ Disease: both directions carry the association of genes-diseases.csv", async () => {
    const links = await csv("genes-diseases");
    const ofGene = links.filter((r) => r["Gene Symbol"] === "SHANK3");
    expect(ofGene.length).toBeGreaterThan(0);
    const data = await query<{
      gene: {
        id: number;
        diseaseConnection: Paged & {
          edges: { source: string | null; reference: string | null; disease: { hdoid: string } }[];
        };
      };
    }>(`{ gene(symbol: "SHANK3") { id diseaseConnection(pageSize: 100) {
        totalCount page pageSize hasNextPage edges { source reference disease { hdoid } } } } }`);
    const connection = data.gene.diseaseConnection;
    expect(connection.totalCount).toBe(ofGene.length);
    expect(
      sorted(connection.edges.map((e) => `${e.disease.hdoid}|${e.source ?? ""}|${e.reference ?? ""}`)),
    ).toEqual(sorted(ofGene.map((r) => `${r.HDOID}|${r.Source}|${r.Reference}`)));

    // The other way: the disease of SHANK3 with the most genes (several pages), every page read.
    const genesPer = new Map<string, number>();
    for (const r of links) genesPer.set(r.HDOID, (genesPer.get(r.HDOID) ?? 0) + 1);
    const hdoid = ofGene.map((r) => r.HDOID).sort((a, b) => genesPer.get(b)! - genesPer.get(a)!)[0];
    const ofDisease = links.filter((r) => r.HDOID === hdoid);
    expect(ofDisease.length).toBeGreaterThan(100);
    const edges = await allPages(async (page) => {
      const d = await query<{
        disease: {
          geneConnection: Paged & {
            edges: { source: string | null; reference: string | null; gene: { id: number } }[];
          };
        };
      }>(
        `query($hdoid: String!, $page: Int!) { disease(hdoid: $hdoid) { geneConnection(page: $page, pageSize: 100) {
          totalCount page pageSize hasNextPage edges { source reference gene { id } } } } }`,
        { hdoid, page },
      );
      return { ...d.disease.geneConnection, items: d.disease.geneConnection.edges };
    });
    expect(sorted(edges.map((e) => `${e.gene.id}|${e.source ?? ""}|${e.reference ?? ""}`))).toEqual(
      sorted(ofDisease.map((r) => `${r["Gene ID"]}|${r.Source}|${r.Reference}`)),
    );
    expect(edges.some((e) => e.gene.id === data.gene.id)).toBe(true);

    // The consensus mode counts the consensus genes of genes.csv among them.
    const consensus = new Set(
      (await csv("genes")).filter((g) => g.Consensus === "Yes").map((g) => g["Gene ID"]),
    );
    const c = await query<{ disease: { geneConnection: Paged } }>(
      `query($hdoid: String!) { disease(hdoid: $hdoid) { geneConnection(mode: CONSENSUS, pageSize: 1) { totalCount } } }`,
      { hdoid },
    );
    expect(c.disease.geneConnection.totalCount).toBe(
      ofDisease.filter((r) => consensus.has(r["Gene ID"])).length,
    );
  });

  it("Gene ↔ Paper: the study context on the edge matches paper-genes.csv, both ways", async () => {
    const links = await csv("paper-genes");
    const geneId = "1"; // DLG4
    const ofGene = links.filter((r) => r["Gene ID"] === geneId);
    const data = await query<{
      gene: {
        paperConnection: Paged & {
          edges: {
            dataset: string;
            isSynthetic: boolean;
            paper: { pmid: number };
            species: { taxid: number };
            brainRegion: { id: number };
            compartment: { id: number };
            method: { id: number };
          }[];
        };
      };
    }>(`{ gene(id: 1) { paperConnection(pageSize: 100) { totalCount page pageSize hasNextPage edges {
        dataset isSynthetic paper { pmid } species { taxid } brainRegion { id } compartment { id } method { id } } } } }`);
    const connection = data.gene.paperConnection;
    expect(connection.totalCount).toBe(ofGene.length);
    const key = (r: Row) =>
      [
        r.PMID,
        r["Brain Region ID"],
        r["Localisation ID"],
        r["Species TaxID"],
        r["Method ID"],
        r.Dataset,
      ].join("|");
    expect(
      sorted(
        connection.edges.map((e) =>
          [e.paper.pmid, e.brainRegion.id, e.compartment.id, e.species.taxid, e.method.id, e.dataset].join(
            "|",
          ),
        ),
      ),
    ).toEqual(sorted(ofGene.map(key)));

    // The other way: a study of DLG4, its Postsynaptic rows, every page.
    const compartments = parse((await api.get("/api/localisations").then((r) => r.text())) as string, {
      columns: true,
    }) as Row[];
    const postsynaptic = compartments.find((c) => c.Name === "Postsynaptic")!.ID;
    const pmid = Number(ofGene[0].PMID);
    const ofPaper = links.filter((r) => r.PMID === String(pmid) && r["Localisation ID"] === postsynaptic);
    const edges = await allPages(async (page) => {
      const d = await query<{
        paper: { geneConnection: Paged & { edges: { gene: { id: number }; brainRegion: { id: number } }[] } };
      }>(
        `query($pmid: Int!, $page: Int!) { paper(pmid: $pmid) { geneConnection(compartment: Postsynaptic, page: $page, pageSize: 100) {
          totalCount page pageSize hasNextPage edges { gene { id } brainRegion { id } } } } }`,
        { pmid, page },
      );
      return { ...d.paper.geneConnection, items: d.paper.geneConnection.edges };
    });
    expect(sorted(edges.map((e) => `${e.gene.id}|${e.brainRegion.id}`))).toEqual(
      sorted(ofPaper.map((r) => `${r["Gene ID"]}|${r["Brain Region ID"]}`)),
    );
  });

  it("Gene ↔ Mutation, Mutation → Disease and → Papers match mutations.csv and paper-mutations.csv", async () => {
    const mutations = await csv("mutations");
    const paperMutations = await csv("paper-mutations");
    // The gene with the most mutations.
    const perGene = new Map<string, number>();
    for (const m of mutations) perGene.set(m["Gene ID"], (perGene.get(m["Gene ID"]) ?? 0) + 1);
    const geneId = [...perGene].sort((a, b) => b[1] - a[1])[0][0];
    const ofGene = mutations.filter((m) => m["Gene ID"] === geneId);
    const data = await query<{
      gene: {
        mutationConnection: Paged & {
          nodes: {
            id: number;
            gene: { id: number };
            disease: { hdoid: string };
            papers: { pmid: number }[];
          }[];
        };
      };
    }>(
      `query($id: Int!) { gene(id: $id) { mutationConnection(pageSize: 100) { totalCount page pageSize hasNextPage
        nodes { id gene { id } disease { hdoid } papers { pmid } } } } }`,
      { id: Number(geneId) },
    );
    const nodes = data.gene.mutationConnection.nodes;
    expect(data.gene.mutationConnection.totalCount).toBe(ofGene.length);
    expect(sorted(nodes.map((m) => `${m.id}|${m.gene.id}|${m.disease.hdoid}`))).toEqual(
      sorted(ofGene.map((m) => `${m.ID}|${m["Gene ID"]}|${m.HDOID}`)),
    );
    for (const m of nodes) {
      const expected = paperMutations.filter((p) => p["Mutation ID"] === String(m.id)).map((p) => p.PMID);
      expect(sorted(m.papers.map((p) => String(p.pmid)))).toEqual(sorted(expected));
    }

    // A mutation by id: its gene, disease and studies.
    const first = ofGene[0];
    const one = await query<{
      mutation: { id: number; gene: { id: number }; disease: { hdoid: string }; papers: { pmid: number }[] };
    }>(`query($id: Int!) { mutation(id: $id) { id gene { id } disease { hdoid } papers { pmid } } }`, {
      id: Number(first.ID),
    });
    expect(one.mutation.gene.id).toBe(Number(first["Gene ID"]));
    expect(one.mutation.disease.hdoid).toBe(first.HDOID);

    // Disease → mutations and Paper → mutations, counted as in the CSVs.
    const d = await query<{ disease: { mutationConnection: Paged & { nodes: { hdoid: string }[] } } }>(
      `query($hdoid: String!) { disease(hdoid: $hdoid) { mutationConnection(pageSize: 100) { totalCount page pageSize hasNextPage nodes { hdoid } } } }`,
      { hdoid: first.HDOID },
    );
    expect(d.disease.mutationConnection.totalCount).toBe(
      mutations.filter((m) => m.HDOID === first.HDOID).length,
    );
    expect(d.disease.mutationConnection.nodes.every((m) => m.hdoid === first.HDOID)).toBe(true);
    const pmid = Number(one.mutation.papers[0].pmid);
    const p = await query<{ paper: { mutationConnection: Paged & { nodes: { id: number }[] } } }>(
      `query($pmid: Int!) { paper(pmid: $pmid) { mutationConnection(pageSize: 100) { totalCount page pageSize hasNextPage nodes { id } } } }`,
      { pmid },
    );
    const ofPaper = paperMutations.filter((r) => r.PMID === String(pmid)).map((r) => r["Mutation ID"]);
    expect(p.paper.mutationConnection.totalCount).toBe(ofPaper.length);
    expect(p.paper.mutationConnection.nodes.every((m) => ofPaper.includes(String(m.id)))).toBe(true);
  });

  it("Disease ↔ Chapter: the chapter's diseases are the diseases.csv rows of that chapter", async () => {
    const diseases = await csv("diseases");
    const ofChapter = diseases.filter((d) => d["ICD-11 Chapter"] === "08");
    expect(ofChapter.length).toBeGreaterThan(100);
    const nodes = await allPages(async (page) => {
      const data = await query<{
        chapter: {
          chapter: string;
          diseaseConnection: Paged & { nodes: { hdoid: string; chapter: { chapter: string } }[] };
        };
      }>(
        `query($page: Int!) { chapter(code: "08") { chapter name diseaseConnection(page: $page, pageSize: 100) {
          totalCount page pageSize hasNextPage nodes { hdoid chapter { chapter } } } } }`,
        { page },
      );
      expect(data.chapter.chapter).toBe("08");
      return { ...data.chapter.diseaseConnection, items: data.chapter.diseaseConnection.nodes };
    });
    expect(sorted(nodes.map((d) => d.hdoid))).toEqual(sorted(ofChapter.map((d) => d.HDOID)));
    expect(nodes.every((d) => d.chapter.chapter === "08")).toBe(true);
    // The explorer's chapter view leads to the same Disease objects.
    const detail = await query<{
      icd11Chapter: { diseases: { hdoid: string; disease: { hdoid: string } }[] };
    }>(`{ icd11Chapter(chapter: "08") { diseases { hdoid disease { hdoid } } } }`);
    expect(detail.icd11Chapter.diseases.every((d) => d.disease.hdoid === d.hdoid)).toBe(true);
  });

  it("Region → parent, children, compartments and genes match brain-regions.csv and paper-genes.csv", async () => {
    const regions = await csv("brain-regions");
    const links = await csv("paper-genes");
    const localisations = parse(await api.get("/api/localisations").then((r) => r.text()), {
      columns: true,
    }) as Row[];
    // A region with children that is not the root.
    const child = regions.find(
      (r) => r["Parent ID"] !== r.ID && regions.some((c) => c["Parent ID"] === r.ID),
    )!;
    const id = Number(child.ID);
    const data = await query<{
      region: {
        id: number;
        parent: { id: number } | null;
        children: { id: number; parent: { id: number } }[];
        compartments: { compartment: { name: string }; geneCount: number }[];
        geneConnection: Paged & { edges: { gene: { id: number }; studyCount: number }[] };
      };
    }>(
      `query($id: Int!) { region(id: $id) { id parent { id } children { id parent { id } }
        compartments { compartment { name } geneCount }
        geneConnection(pageSize: 5) { totalCount page pageSize hasNextPage edges { gene { id } studyCount } } } }`,
      { id },
    );
    expect(data.region.parent?.id).toBe(Number(child["Parent ID"]));
    expect(data.region.children.map((c) => String(c.id)).sort()).toEqual(
      regions
        .filter((r) => r["Parent ID"] === child.ID && r.ID !== child.ID)
        .map((r) => r.ID)
        .sort(),
    );
    expect(data.region.children.every((c) => c.parent.id === id)).toBe(true);

    // Genes of this region (any compartment) and, per compartment, their distinct count.
    const inRegion = links.filter((r) => r["Brain Region ID"] === child.ID);
    const genes = new Map<string, Set<string>>();
    for (const r of inRegion) genes.set(r["Gene ID"], (genes.get(r["Gene ID"]) ?? new Set()).add(r.PMID));
    expect(data.region.geneConnection.totalCount).toBe(genes.size);
    const top = data.region.geneConnection.edges;
    expect(top.length).toBe(Math.min(5, genes.size));
    for (const e of top) expect(e.studyCount).toBe(genes.get(String(e.gene.id))?.size);
    const most = Math.max(...[...genes.values()].map((s) => s.size));
    expect(top[0].studyCount).toBe(most);
    for (const c of data.region.compartments) {
      const lid = localisations.find((l) => l.Name === c.compartment.name)!.ID;
      expect(c.geneCount).toBe(
        new Set(inRegion.filter((r) => r["Localisation ID"] === lid).map((r) => r["Gene ID"])).size,
      );
    }
    // Genes by compartment: the enum filter counts the same rows.
    const post = localisations.find((l) => l.Name === "Postsynaptic")!.ID;
    const byCompartment = await query<{ region: { geneConnection: Paged } }>(
      `query($id: Int!) { region(id: $id) { geneConnection(compartment: Postsynaptic, pageSize: 1) { totalCount } } }`,
      { id },
    );
    expect(byCompartment.region.geneConnection.totalCount).toBe(
      new Set(inRegion.filter((r) => r["Localisation ID"] === post).map((r) => r["Gene ID"])).size,
    );
    // Every page of the region's genes, whole and in one compartment: most studies first, then GeneID.
    for (const [compartment, lid] of [
      [null, null],
      ["Postsynaptic", post],
    ] as const) {
      const studies = new Map<number, Set<string>>();
      for (const r of inRegion.filter((r) => lid === null || r["Localisation ID"] === lid))
        studies.set(Number(r["Gene ID"]), (studies.get(Number(r["Gene ID"])) ?? new Set()).add(r.PMID));
      const want = [...studies]
        .map(([gene, pmids]) => ({ gene, studyCount: pmids.size }))
        .sort((a, b) => b.studyCount - a.studyCount || a.gene - b.gene);
      const got: { gene: number; studyCount: number }[] = [];
      for (let page = 1; page <= Math.ceil(want.length / 40); page++) {
        const result = await query<{
          region: { geneConnection: Paged & { edges: { gene: { id: number }; studyCount: number }[] } };
        }>(
          `query($id: Int!, $compartment: CompartmentName, $page: Int!) { region(id: $id) {
            geneConnection(compartment: $compartment, page: $page, pageSize: 40) { totalCount edges { gene { id } studyCount } } } }`,
          { id, compartment, page },
        );
        expect(result.region.geneConnection.totalCount).toBe(want.length);
        got.push(
          ...result.region.geneConnection.edges.map((e) => ({ gene: e.gene.id, studyCount: e.studyCount })),
        );
      }
      expect(want.length).toBeGreaterThan(40);
      expect(got).toEqual(want);
    }
    // The root has no parent.
    const root = regions.find((r) => r["Parent ID"] === r.ID)!;
    const rootData = await query<{ region: { parent: null } }>(
      `query($id: Int!) { region(id: $id) { parent { id } } }`,
      {
        id: Number(root.ID),
      },
    );
    expect(rootData.region.parent).toBeNull();
  });

  it("Gene ↔ GO terms, SynGO annotations and interactors lead back to the gene", async () => {
    const data = await query<{
      gene: {
        id: number;
        goAnnotationsCount: number;
        goTermConnection: Paged & {
          edges: {
            evidence: string | null;
            term: { goId: string; geneConnection: Paged & { nodes: { id: number }[] } };
          }[];
        };
        syngoAnnotations: { id: number; genes: { id: number }[] }[];
        interactorConnection: Paged & {
          nodes: { id: number; interactorConnection: Paged & { nodes: { id: number }[] } }[];
        };
      };
    }>(`{ gene(id: 1) { id goAnnotationsCount: syngoCount
        goTermConnection(pageSize: 3) { totalCount page pageSize hasNextPage edges { evidence term { goId geneConnection(pageSize: 100) { totalCount page pageSize hasNextPage nodes { id } } } } }
        syngoAnnotations { id genes { id } }
        interactorConnection(pageSize: 5) { totalCount page pageSize hasNextPage nodes { id interactorConnection(pageSize: 100) { totalCount page pageSize hasNextPage nodes { id } } } } } }`);
    const gene = data.gene;
    expect(gene.goTermConnection.totalCount).toBe(gene.goAnnotationsCount);
    expect(gene.goTermConnection.edges.length).toBe(3);
    // Each term's genes include DLG4 (on the page read, or beyond it).
    for (const e of gene.goTermConnection.edges) {
      const c = e.term.geneConnection;
      expect(c.totalCount).toBeGreaterThan(0);
      if (!c.hasNextPage) expect(c.nodes.map((n) => n.id)).toContain(1);
    }
    expect(gene.syngoAnnotations.length).toBeGreaterThan(0);
    for (const a of gene.syngoAnnotations) expect(a.genes.map((g) => g.id)).toContain(1);
    expect(gene.interactorConnection.totalCount).toBeGreaterThan(5);
    for (const partner of gene.interactorConnection.nodes) {
      expect(partner.interactorConnection.nodes.map((n) => n.id)).toContain(1);
    }
  });

  it("root lookups by natural identifier agree; unknown identifiers are null; two identifiers are refused", async () => {
    const genes = await csv("genes");
    const shank3 = genes.find((g) => g["Gene Symbol"] === "SHANK3")!;
    const data = await query<Record<string, { id: number } | null>>(
      `query($id: Int!, $entrez: Int!) { byId: gene(id: $id) { id } bySymbol: gene(symbol: "shank3") { id }
        byEntrez: gene(entrezId: $entrez) { id } unknown: gene(symbol: "NOT-A-GENE") { id } }`,
      { id: Number(shank3["Gene ID"]), entrez: Number(shank3["Human Entrez"]) },
    );
    expect(data.byId?.id).toBe(Number(shank3["Gene ID"]));
    expect(data.bySymbol?.id).toBe(data.byId?.id);
    expect(data.byEntrez?.id).toBe(data.byId?.id);
    expect(data.unknown).toBeNull();
    const none = await query<Record<string, unknown>>(
      `{ mutation(id: 999999999) { id } chapter(code: "99") { chapter } region(id: 99999) { id } }`,
    );
    expect(none).toEqual({ mutation: null, chapter: null, region: null });
    const both = await api.graphql(`{ gene(id: 1, symbol: "DLG4") { id } }`);
    expect(both.body.errors?.[0]?.message).toBe("Give exactly one of id, symbol or entrezId");
    const bad = await api.graphql(`{ gene(id: 1) { diseaseConnection(pageSize: 101) { totalCount } } }`);
    expect(bad.body.errors?.[0]?.message).toMatch(/pageSize must be a whole number from 1 to 100/);
  });

  // The walk chapter → diseases → genes → papers → other genes, 14 fields deep with connections
  // (the depth limit is set to exactly that), and a shorter one from a gene.
  it.each([
    {
      walk: "chapter → diseases → genes → papers → other genes (→ their disease counts)",
      query: `query Deep($n: Int!) { chapter(code: "08") { diseaseConnection(pageSize: $n) { nodes {
        geneConnection(pageSize: $n) { edges { gene { paperConnection(pageSize: $n) { edges { paper {
          geneConnection(pageSize: $n) { edges { gene { humanName diseaseConnection { totalCount } } } } } } } } } } } } } }`,
      leaf: "totalCount",
    },
    {
      walk: "gene → papers → other genes (→ their disease counts)",
      query: `query Deep($n: Int!) { gene(symbol: "SHANK3") { paperConnection(pageSize: $n) { edges { paper {
        geneConnection(pageSize: $n) { edges { gene { diseaseConnection(pageSize: $n) { totalCount } } } } } } } } }`,
      leaf: "totalCount",
    },
  ])(
    "a deep walk ($walk) runs in the same number of SQL statements for 2 or 6 rows per level",
    async ({ query: deep, leaf }) => {
      const small = await api.graphql<unknown>(deep, { n: 2 });
      const large = await api.graphql<unknown>(deep, { n: 6 });
      expect(small.body.errors).toBeUndefined();
      expect(large.body.errors).toBeUndefined();
      const count = (body: unknown) => JSON.stringify(body).split(`"${leaf}"`).length - 1;
      expect(count(large.body)).toBeGreaterThan(count(small.body) * 3);
      const statements = Number(small.headers.get("x-sql-queries"));
      expect(statements).toBeGreaterThan(0);
      expect(Number(large.headers.get("x-sql-queries"))).toBe(statements);
    },
  );

  it("refuses a walk one level deeper than the depth limit before it runs", async () => {
    const { status, body, headers } = await api.graphql(`{ chapter(code: "08") { diseaseConnection {
      nodes { geneConnection { edges { gene { paperConnection { edges { paper { geneConnection { edges {
        gene { diseaseConnection { edges { disease { name } } } } } } } } } } } } } } } }`);
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toMatch(/depth/i);
    expect(headers.get("x-sql-queries")).toBe("0");
  });

  // The explorer teaches the graph: each walk it offers runs here against the real server and finds data.
  it.each(EXAMPLES.filter((e) => e.id.startsWith("graph-")).map((e) => [e.id, e] as const))(
    "the explorer example %s returns data without errors",
    async (_id, example) => {
      const response = await api.graphql<Record<string, unknown>>(example.query, example.variables);
      expect(response.body.errors).toBeUndefined();
      const data = response.body.data!;
      const root = Object.values(data)[0];
      expect(root).not.toBeNull();
      // Every connection it walks found rows.
      const totals = [...JSON.stringify(data).matchAll(/"totalCount":(\d+)/g)].map((m) => Number(m[1]));
      expect(totals.every((n) => n > 0)).toBe(true);
    },
  );
});
