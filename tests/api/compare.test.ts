import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "./databases";
import { type RunningPortal, sharedPortal } from "./portal";

interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data: T;
}
interface SetSpec {
  kind: string;
  value: string;
  consensusOnly?: boolean;
}
interface Comparison {
  unionSize: number;
  unmapped: string[];
  sets: {
    index: number;
    kind: string;
    resolvedId: string | null;
    label: string;
    size: number;
    unmapped: string[];
  }[];
  intersections: { sets: number[]; exclusiveSize: number; geneIds: number[]; symbols: string[] }[];
}
interface GenePage {
  pagination: { page: number; pageSize: number; total: number; totalPages: number };
  genes: {
    geneId: number;
    symbol: string;
    isConsensus: boolean;
    paperCount: number;
    compartments: string[];
    mutationCount: number;
  }[];
}
interface EnrichmentTerm {
  category: string;
  termId: string;
  overlap: number;
  termSize: number;
  pValue: number;
  fdr: number;
}

const COMPARISON = `sets { index kind resolvedId label size unmapped } unionSize unmapped
  intersections { sets exclusiveSize geneIds symbols }`;

/** Every subset of set indices that holds gene g, as the mask the comparison names intersections by. */
const maskOf = (sets: Set<number>[], g: number) => sets.reduce((m, s, i) => (s.has(g) ? m | (1 << i) : m), 0);
const indicesOf = (mask: number) => [0, 1, 2, 3, 4, 5].filter((i) => mask & (1 << i));

describe.each(testDatabases)("set comparison on $kind", (db) => {
  let api: RunningPortal;
  /** Three diseases of moderate size that share genes, found in the loaded release. */
  let diseases: { hdoid: string; description: string; n: number }[];
  const sql = <T>(query: string, params: unknown[] = []) =>
    api.portal.dataSource.query(query, params) as Promise<T[]>;

  const compare = async (sets: SetSpec[], extra = "") => {
    const res = await api.graphql<{ compareSets: Comparison & Record<string, unknown> }>(
      `query($sets: [CompareSetInput!]!) { compareSets(sets: $sets) { ${COMPARISON} ${extra} } }`,
      { sets },
    );
    return res;
  };
  const post = (body: unknown, query = "") =>
    fetch(`${api.baseUrl}/api/compare${query}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  /** A disease's genes through the REST disease gene filter, every page. */
  const restDiseaseGenes = async (hdoid: string, mode = "all") => {
    const ids = new Set<number>();
    for (let page = 1; ; page++) {
      const { status, body } = await api.json<
        Envelope<{ id: number }[]> & { pagination: { totalPages: number } }
      >(
        `/api/disease/genes/filter?hdoid=${encodeURIComponent(hdoid)}&mode=${mode}&pageSize=100&page=${page}`,
      );
      expect(status).toBe(200);
      for (const g of body.data) ids.add(g.id);
      if (page >= body.pagination.totalPages) return ids;
    }
  };

  beforeAll(async () => {
    api = await sharedPortal(db);
    const sized = await sql<{ hdoid: string; description: string; n: number | string }>(
      `SELECT d.hdoid AS hdoid, d.description AS description, COUNT(*) AS n FROM disease d
       JOIN disease_gene dg ON dg.hdoid = d.hdoid GROUP BY d.hdoid, d.description
       HAVING COUNT(*) BETWEEN 40 AND 250 ORDER BY COUNT(*) DESC, d.hdoid`,
    );
    const pairs = await sql<{ a: string; b: string; n: number | string }>(
      `SELECT x.hdoid AS a, y.hdoid AS b, COUNT(*) AS n FROM disease_gene x
       JOIN disease_gene y ON y.gene_id = x.gene_id AND y.hdoid > x.hdoid
       WHERE x.hdoid IN (${sized.map(() => "?").join(",")}) AND y.hdoid IN (${sized.map(() => "?").join(",")})
       GROUP BY x.hdoid, y.hdoid HAVING COUNT(*) >= 5 ORDER BY COUNT(*) DESC, x.hdoid, y.hdoid`,
      [...sized.map((d) => d.hdoid), ...sized.map((d) => d.hdoid)],
    );
    // Two overlapping diseases and a third that overlaps one of them.
    const first = pairs[0]!;
    const third = pairs.find(
      (p) =>
        ![p.a, p.b].every((h) => h === first.a || h === first.b) &&
        (p.a === first.a || p.b === first.a || p.a === first.b || p.b === first.b),
    );
    const chosen = [first.a, first.b, third?.a === first.a || third?.a === first.b ? third!.b : third!.a];
    diseases = chosen.map((h) => {
      const d = sized.find((s) => s.hdoid === h)!;
      return { hdoid: d.hdoid, description: d.description, n: Number(d.n) };
    });
  });
  afterAll(async () => {
    await api?.close();
  });

  it("matches the REST disease gene lists: set sizes and every exclusive intersection by set algebra", async () => {
    const [a, b, c] = diseases;
    // The second disease is named by its label, in another case.
    const { body } = await compare([
      { kind: "DISEASE", value: a!.hdoid },
      { kind: "DISEASE", value: b!.description.toUpperCase() },
      { kind: "DISEASE", value: c!.hdoid.toLowerCase() },
    ]);
    expect(body.errors).toBeUndefined();
    const result = body.data!.compareSets;
    const truth = await Promise.all(diseases.map((d) => restDiseaseGenes(d.hdoid)));
    expect(result.sets.map((s) => s.resolvedId)).toEqual(diseases.map((d) => d.hdoid));
    expect(result.sets.map((s) => s.label)).toEqual(diseases.map((d) => d.description));
    expect(result.sets.map((s) => s.size)).toEqual(truth.map((t) => t.size));

    const union = new Set(truth.flatMap((t) => [...t]));
    expect(result.unionSize).toBe(union.size);
    const expected = new Map<number, number[]>();
    for (const g of union) {
      const mask = maskOf(truth, g);
      expected.set(mask, [...(expected.get(mask) ?? []), g]);
    }
    expect(result.intersections.length).toBe(expected.size);
    for (const x of result.intersections) {
      const mask = x.sets.reduce((m, i) => m | (1 << i), 0);
      expect([...x.geneIds].sort((p, q) => p - q)).toEqual(expected.get(mask)!.sort((p, q) => p - q));
      expect(x.exclusiveSize).toBe(x.geneIds.length);
      expect(x.symbols.length).toBe(x.geneIds.length);
    }
    // Largest first; a set's size is the sum of the exclusive intersections it takes part in.
    const sizes = result.intersections.map((x) => x.exclusiveSize);
    expect(sizes).toEqual([...sizes].sort((p, q) => q - p));
    result.sets.forEach((s) => {
      const sum = result.intersections
        .filter((x) => x.sets.includes(s.index))
        .reduce((t, x) => t + x.exclusiveSize, 0);
      expect(sum).toBe(s.size);
    });
    // The shared genes of the first two diseases are a real overlap of the data.
    const shared = result.intersections.filter((x) => x.sets.includes(0) && x.sets.includes(1));
    expect(shared.reduce((t, x) => t + x.exclusiveSize, 0)).toBe(
      [...truth[0]!].filter((g) => truth[1]!.has(g)).length,
    );
    expect(shared.length).toBeGreaterThan(0);
  });

  it("keeps only consensus genes when asked, as the REST consensus mode does", async () => {
    const [a, b] = diseases;
    const { body } = await compare([
      { kind: "DISEASE", value: a!.hdoid, consensusOnly: true },
      { kind: "DISEASE", value: b!.hdoid },
    ]);
    const result = body.data!.compareSets;
    const consensus = await restDiseaseGenes(a!.hdoid, "consensus");
    expect(result.sets[0]!.size).toBe(consensus.size);
    expect(result.sets[0]!.size).toBeLessThan(a!.n);
    expect(result.sets[0]!.label).toMatch(/consensus/i);
    expect(result.sets[1]!.size).toBe(b!.n);
  });

  it("resolves chapters, compartments, regions and studies to the genes the tables link them to", async () => {
    const chapter = (
      await sql<{ c: string }>(
        "SELECT d.icd11_chapter AS c FROM disease d JOIN disease_gene dg ON dg.hdoid = d.hdoid WHERE d.icd11_chapter IS NOT NULL GROUP BY d.icd11_chapter ORDER BY COUNT(*) DESC, d.icd11_chapter",
      )
    )[0]!.c;
    const study = (
      await sql<{ pmid: number }>(
        "SELECT pmid FROM paper_gene GROUP BY pmid ORDER BY COUNT(*) DESC, pmid LIMIT 1",
      )
    )[0]!.pmid;
    const region = (
      await sql<{ id: number; name: string }>(
        "SELECT r.id AS id, r.name AS name FROM brain_region r JOIN paper_gene pg ON pg.brain_region_id = r.id GROUP BY r.id, r.name ORDER BY COUNT(*) DESC, r.id LIMIT 1",
      )
    )[0]!;
    const count = async (query: string, params: unknown[]) =>
      Number((await sql<{ n: number | string }>(query, params))[0]!.n);
    const { body } = await compare([
      { kind: "ICD11_CHAPTER", value: String(Number(chapter)) }, // '8' names chapter '08'
      { kind: "COMPARTMENT", value: "presynaptic" },
      { kind: "BRAIN_REGION", value: region.name },
      { kind: "STUDY", value: String(study) },
    ]);
    expect(body.errors).toBeUndefined();
    const result = body.data!.compareSets;
    expect(result.sets.map((s) => s.resolvedId)).toEqual([
      chapter,
      "Presynaptic",
      String(region.id),
      String(study),
    ]);
    expect(result.sets.map((s) => s.size)).toEqual([
      await count(
        "SELECT COUNT(DISTINCT dg.gene_id) AS n FROM disease_gene dg JOIN disease d ON d.hdoid = dg.hdoid WHERE d.icd11_chapter = ?",
        [chapter],
      ),
      await count(
        "SELECT COUNT(DISTINCT pg.gene_id) AS n FROM paper_gene pg JOIN localisation l ON l.id = pg.localisation_id WHERE l.name = 'Presynaptic'",
        [],
      ),
      await count("SELECT COUNT(DISTINCT gene_id) AS n FROM paper_gene WHERE brain_region_id = ?", [
        region.id,
      ]),
      await count(
        `SELECT COUNT(*) AS n FROM (SELECT gene_id FROM paper_gene WHERE pmid = ?
         UNION SELECT m.gene_id FROM paper_mutation pm JOIN mutation m ON m.id = pm.mutation_id WHERE pm.pmid = ?) u`,
        [study, study],
      ),
    ]);
    expect(result.intersections.reduce((t, x) => t + x.exclusiveSize, 0)).toBe(result.unionSize);
  });

  it("maps a pasted gene list exactly as analyzeGeneList does, and reports what did not map", async () => {
    const list = "DLG4, shank3\tGRIN2B;NOT_A_GENE_XYZ 1742";
    const analysis = await api.graphql<{
      analyzeGeneList: { mapped: { geneId: number }[]; unmapped: string[] };
    }>(
      `query($ids: [String!]!) { analyzeGeneList(input: { identifiers: $ids }) { mapped { geneId } unmapped } }`,
      { ids: [list] },
    );
    const mapped = new Set(analysis.body.data!.analyzeGeneList.mapped.map((m) => m.geneId));
    expect(mapped.size).toBeGreaterThan(0);
    const { body } = await compare([
      { kind: "GENE_LIST", value: list },
      { kind: "DISEASE", value: diseases[0]!.hdoid },
    ]);
    const result = body.data!.compareSets;
    expect(result.sets[0]!.size).toBe(mapped.size);
    expect(result.sets[0]!.unmapped).toEqual(analysis.body.data!.analyzeGeneList.unmapped);
    expect(result.unmapped).toContain("NOT_A_GENE_XYZ");
    const inList = result.intersections.filter((x) => x.sets.includes(0)).flatMap((x) => x.geneIds);
    expect(new Set(inList)).toEqual(mapped);
  });

  it("pages a chosen intersection's genes with their evidence", async () => {
    const [a, b] = diseases;
    const { body } = await compare(
      [
        { kind: "DISEASE", value: a!.hdoid },
        { kind: "DISEASE", value: b!.hdoid },
      ],
      `first: intersection(sets: [0]) { sets exclusiveSize genes(page: 1, pageSize: 7) { pagination { page pageSize total totalPages } genes { geneId symbol isConsensus paperCount compartments mutationCount } } }
       second: intersection(sets: [0]) { genes(page: 2, pageSize: 7) { genes { geneId } } }`,
    );
    expect(body.errors).toBeUndefined();
    const data = body.data!.compareSets as unknown as Comparison & {
      first: { sets: number[]; exclusiveSize: number; genes: GenePage };
      second: { genes: GenePage };
    };
    const onlyA = data.intersections.find((x) => x.sets.join() === "0")!;
    expect(data.first.exclusiveSize).toBe(onlyA.exclusiveSize);
    expect(data.first.genes.pagination).toEqual({
      page: 1,
      pageSize: 7,
      total: onlyA.exclusiveSize,
      totalPages: Math.ceil(onlyA.exclusiveSize / 7),
    });
    expect(data.first.genes.genes.map((g) => g.geneId)).toEqual(onlyA.geneIds.slice(0, 7));
    expect(data.second.genes.genes.map((g) => g.geneId)).toEqual(onlyA.geneIds.slice(7, 14));
    for (const g of data.first.genes.genes) {
      const [gene] = await sql<{ paper_count: number; is_consensus: unknown; human_name: string }>(
        "SELECT paper_count, is_consensus, human_name FROM gene WHERE id = ?",
        [g.geneId],
      );
      const mutations = await sql<{ n: number | string }>(
        "SELECT COUNT(*) AS n FROM mutation WHERE gene_id = ?",
        [g.geneId],
      );
      const compartments = await sql<{ name: string }>(
        "SELECT DISTINCT l.name AS name FROM paper_gene pg JOIN localisation l ON l.id = pg.localisation_id WHERE pg.gene_id = ? ORDER BY l.name",
        [g.geneId],
      );
      expect(g.symbol).toBe(gene!.human_name);
      expect(g.paperCount).toBe(Number(gene!.paper_count));
      expect(g.isConsensus).toBe(Boolean(Number(gene!.is_consensus)));
      expect(g.mutationCount).toBe(Number(mutations[0]!.n));
      expect(g.compartments).toEqual(compartments.map((c) => c.name));
    }
  });

  it("tests an intersection's enrichment with the gene-list analysis's own numbers", async () => {
    const [a, b] = diseases;
    const { body } = await compare(
      [
        { kind: "DISEASE", value: a!.hdoid },
        { kind: "DISEASE", value: b!.hdoid },
      ],
      `enrichment(sets: [0, 1], background: SYNAPTIC, categories: [COMPARTMENT, DISEASE]) {
         sets geneCount background { kind size listInBackground } enrichment { category termId overlap termSize pValue fdr } }`,
    );
    expect(body.errors).toBeUndefined();
    const data = body.data!.compareSets as unknown as Comparison & {
      enrichment: {
        sets: number[];
        geneCount: number;
        background: { kind: string; size: number; listInBackground: number };
        enrichment: EnrichmentTerm[];
      };
    };
    const both = data.intersections.find((x) => x.sets.join() === "0,1")!;
    expect(data.enrichment.geneCount).toBe(both.exclusiveSize);
    // The same genes pasted as a list (by human Entrez id, which names one gene each) give the same test.
    const entrez = await sql<{ id: number; e: number | null }>(
      `SELECT id, human_entrez AS e FROM gene WHERE id IN (${both.geneIds.map(() => "?").join(",")})`,
      both.geneIds,
    );
    expect(entrez.every((r) => r.e !== null)).toBe(true);
    const analysis = await api.graphql<{
      analyzeGeneList: {
        background: { size: number; listInBackground: number };
        enrichment: EnrichmentTerm[];
      };
    }>(
      `query($ids: [String!]!) { analyzeGeneList(input: { identifiers: $ids, background: SYNAPTIC, categories: [COMPARTMENT, DISEASE] }) {
         background { size listInBackground } enrichment { category termId overlap termSize pValue fdr } } }`,
      { ids: entrez.map((r) => String(r.e)) },
    );
    const expected = analysis.body.data!.analyzeGeneList;
    expect(data.enrichment.background.size).toBe(expected.background.size);
    expect(data.enrichment.background.listInBackground).toBe(expected.background.listInBackground);
    expect(data.enrichment.enrichment).toEqual(expected.enrichment);
    // Both diseases hold every gene of their intersection.
    const disease = data.enrichment.enrichment.filter(
      (t) => t.category === "DISEASE" && [a!.hdoid, b!.hdoid].includes(t.termId),
    );
    expect(disease.map((t) => t.overlap)).toEqual([
      expected.background.listInBackground,
      expected.background.listInBackground,
    ]);
  });

  it("refuses too few or too many sets and unknown sets with clear errors", async () => {
    const one = await compare([{ kind: "DISEASE", value: diseases[0]!.hdoid }]);
    expect(one.body.errors?.[0]?.message).toBe("Compare 2 to 6 sets: 1 given");
    expect(one.body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const seven = await compare(
      Array.from({ length: 7 }, () => ({ kind: "COMPARTMENT", value: "Presynaptic" })),
    );
    expect(seven.body.errors?.[0]?.message).toBe("Compare 2 to 6 sets: 7 given");
    const cases: [SetSpec, string][] = [
      [{ kind: "DISEASE", value: "DOID:999999999" }, "Unknown disease: 'DOID:999999999'"],
      [{ kind: "DISEASE", value: "no such disease at all" }, "Unknown disease: 'no such disease at all'"],
      [{ kind: "ICD11_CHAPTER", value: "99" }, "Unknown ICD-11 chapter: '99'"],
      [{ kind: "COMPARTMENT", value: "Nucleus" }, "Unknown compartment: 'Nucleus'"],
      [{ kind: "BRAIN_REGION", value: "Atlantis" }, "Unknown brain region: 'Atlantis'"],
      [{ kind: "STUDY", value: "1" }, "Unknown study: '1'"],
    ];
    for (const [spec, message] of cases) {
      const res = await compare([spec, { kind: "COMPARTMENT", value: "Presynaptic" }]);
      expect(res.body.errors?.[0]?.message).toBe(message);
      expect(res.body.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    }
    const notPmid = await compare([
      { kind: "STUDY", value: "HUSI" },
      { kind: "COMPARTMENT", value: "Presynaptic" },
    ]);
    expect(notPmid.body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const emptyList = await compare([
      { kind: "GENE_LIST", value: " , " },
      { kind: "COMPARTMENT", value: "Presynaptic" },
    ]);
    expect(emptyList.body.errors?.[0]?.message).toBe("A gene list set needs at least one identifier");
    const badIndex = await compare(
      [
        { kind: "COMPARTMENT", value: "Presynaptic" },
        { kind: "COMPARTMENT", value: "Postsynaptic" },
      ],
      "intersection(sets: [2]) { exclusiveSize }",
    );
    expect(badIndex.body.errors?.[0]?.message).toMatch(/Set index 2 is out of range/);
  });

  it("answers POST /api/compare in the envelope, with 400 and 404 for bad sets", async () => {
    const sets = [
      { kind: "disease", value: diseases[0]!.hdoid },
      { kind: "compartment", value: "Presynaptic" },
    ];
    const ok = await post({ sets });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as Envelope<Comparison>;
    expect(body.success).toBe(true);
    const graph = await compare(sets.map((s) => ({ ...s, kind: s.kind.toUpperCase() })));
    expect(body.data.intersections).toEqual(graph.body.data!.compareSets.intersections);

    const cases: [unknown, number, string][] = [
      [{ sets: sets.slice(0, 1) }, 400, "Compare 2 to 6 sets: 1 given"],
      [{}, 400, "sets is required: an array of { kind, value, consensusOnly }"],
      [{ sets: [{ kind: "galaxy", value: "x" }, sets[1]] }, 400, "sets[0].kind must be one of"],
      [
        { sets: [{ kind: "disease", value: "DOID:999999999" }, sets[1]] },
        404,
        "Unknown disease: 'DOID:999999999'",
      ],
      [
        { sets: [{ kind: "brain_region", value: "Atlantis" }, sets[1]] },
        404,
        "Unknown brain region: 'Atlantis'",
      ],
    ];
    for (const [request, status, message] of cases) {
      const res = await post(request);
      expect(res.status).toBe(status);
      const error = (await res.json()) as { success: boolean; message: string };
      expect(error.success).toBe(false);
      expect(error.message).toContain(message);
    }
  });

  it("downloads every intersection as CSV, one row per gene", async () => {
    const sets = diseases.map((d) => ({ kind: "disease", value: d.hdoid }));
    const res = await post({ sets }, "?format=csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/compare_DOID/);
    const rows = parse(await res.text(), { columns: true, bom: true }) as Record<string, string>[];
    const truth = await Promise.all(diseases.map((d) => restDiseaseGenes(d.hdoid)));
    const union = new Set(truth.flatMap((t) => [...t]));
    expect(rows.length).toBe(union.size);
    expect(Object.keys(rows[0]!)).toEqual([
      "Intersection",
      "Set Indices",
      "Intersection Size",
      "Gene ID",
      "Gene Symbol",
    ]);
    for (const row of rows) {
      const gene = Number(row["Gene ID"]);
      expect(row["Set Indices"]).toBe(indicesOf(maskOf(truth, gene)).join(";"));
      expect(row.Intersection).toBe(
        indicesOf(maskOf(truth, gene))
          .map((i) => diseases[i]!.description)
          .join(" ∩ "),
      );
    }
  });
});
