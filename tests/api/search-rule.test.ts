import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "./databases";
import { type RunningPortal, sharedPortal } from "./portal";

/** Issue 22: a protein-name lookup adds its genes to the normal search, in one ranked list. */
interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data: T;
  pagination?: { total: number; totalFiltered?: number; totalPages: number };
  count?: { genes: number };
  protein_lookup?: { name: string; genes: string[]; total: number } | null;
}
interface Card {
  ID: number;
  HumanName: string;
  match: string;
  protein_derived: boolean;
}
interface DiseaseGeneRow {
  humanName: string;
  match?: string;
  protein_derived?: boolean;
}

const EPILEPSY = "DOID:1826";

describe.each(testDatabases)("the gene search rule on $kind", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    api = await sharedPortal(db);
  });
  afterAll(async () => {
    await api?.close();
  });

  const search = async (q: string, pageSize = 100, page = 1) =>
    (
      await api.json<Envelope<Card[]>>(
        `/api/gene/search?q=${encodeURIComponent(q)}&pageSize=${pageSize}&page=${page}`,
      )
    ).body;
  const symbols = (cards: Card[]) => cards.map((c) => c.HumanName);

  it("lists the whole CAMK2 family on the first page: CAMK2B (whose alias is CAMK2), then the family", async () => {
    const body = await search("CAMK2", 10);
    expect(symbols(body.data).slice(0, 5)).toEqual(["CAMK2B", "CAMK2A", "CAMK2D", "CAMK2G", "CAMK2N2"]);
    expect(body.data.map((c) => c.match).slice(0, 5)).toEqual([
      "ALIAS",
      "SYMBOL_FAMILY",
      "SYMBOL_FAMILY",
      "SYMBOL_FAMILY",
      "SYMBOL_PREFIX",
    ]);
    expect(body.pagination!.total).toBe(body.count!.genes);
  });

  it("puts SYN1-SYN3 before FYN and SYNM, whose alias is SYN", async () => {
    const names = symbols((await search("SYN", 10)).data);
    expect(names.slice(0, 3)).toEqual(["SYN1", "SYN2", "SYN3"]);
    expect(names).toContain("FYN");
    expect(names.indexOf("FYN")).toBeGreaterThan(2);
    expect(names.indexOf("SYNM")).toBeGreaterThan(2);
  });

  it("puts DLG4 first for DLG4, above LLGL1 (an alias DLG4)", async () => {
    const body = await search("DLG4", 10);
    expect(body.data[0]).toMatchObject({ HumanName: "DLG4", match: "SYMBOL", protein_derived: false });
    expect(symbols(body.data)).toContain("LLGL1");
    expect(body.data.find((c) => c.HumanName === "LLGL1")?.match).toBe("ALIAS");
  });

  it("states for 'kinase' the count it shows, over every page", async () => {
    const first = await search("kinase", 100);
    const total = first.pagination!.total;
    expect(total).toBeGreaterThan(100);
    expect(first.count?.genes).toBe(total);
    expect(first.message).toBe(`Found ${total} genes`);
    const seen = new Set<number>();
    for (let page = 1; page <= first.pagination!.totalPages; page++)
      for (const card of (await search("kinase", 100, page)).data) seen.add(card.ID);
    expect(seen.size).toBe(total);
    // The download lists the same genes.
    const csv = await (await api.get("/api/gene/search/csv?q=kinase")).text();
    expect(csv.trim().split("\n").length - 1).toBe(total);
  });

  it("adds the protein lookup's genes, marked, after the normal matches", async () => {
    // 'synaptophysin' is SYP's protein name: the lookup finds it, so does the name match; the lookup
    // genes come first among the name matches.
    const body = await search("synaptophysin", 20);
    expect(body.data[0]).toMatchObject({ HumanName: "SYP", match: "PROTEIN_LOOKUP", protein_derived: true });
    expect(body.protein_lookup).toEqual({ name: "synaptophysin", genes: ["SYP"], total: 1 });
    // An exact protein name beats names that merely hold the term.
    expect((await search("amyloid beta precursor protein", 5)).data[0]?.HumanName).toBe("APP");
  });

  it("finds genes by human, mouse and rat Entrez and MGI ids, human first", async () => {
    const [human] = (await search("1742", 5)).data;
    expect(human).toMatchObject({ HumanName: "DLG4", match: "ID" });
    expect((await search("13385", 5)).data[0]).toMatchObject({ HumanName: "DLG4", match: "ORTHOLOG_ID" });
    expect((await search("MGI:1277959", 5)).data[0]).toMatchObject({ HumanName: "DLG4", match: "ID" });
  });

  it("answers GraphQL with the match of each gene", async () => {
    const { body } = await api.graphql<{
      geneSearch: {
        genes: { humanName: string }[];
        matches: { geneId: number; match: string; proteinDerived: boolean }[];
        proteinLookup: { genes: string[] } | null;
      };
    }>(
      '{ geneSearch(q: "SYN", pageSize: 5) { genes { id humanName } matches { geneId match proteinDerived } proteinLookup { genes } } }',
    );
    expect(body.errors).toBeUndefined();
    const result = body.data!.geneSearch;
    expect(result.matches.map((m) => m.match)).toEqual(result.genes.map(() => expect.any(String)));
    expect(result.matches[0]!.match).toBe("SYMBOL_FAMILY");
    expect(result.proteinLookup?.genes).toEqual(["FYN", "SYNM"]);
  });

  const filter = async (term: string, mode = "all", pageSize = 100) =>
    (
      await api.json<Envelope<DiseaseGeneRow[]>>(
        `/api/disease/genes/filter?hdoid=${EPILEPSY}&term=${encodeURIComponent(term)}&mode=${mode}&pageSize=${pageSize}`,
      )
    ).body;

  it("filters epilepsy's genes by SCN and lists the SCN family, with the protein lookup reported", async () => {
    const body = await filter("SCN");
    expect(body.success).toBe(true);
    const names = body.data.map((g) => g.humanName);
    expect(names).toContain("SCN1A");
    expect(names.slice(0, 3)).toEqual(names.filter((n) => /^SCN\d+[A-Z]?$/.test(n)).slice(0, 3));
    expect(body.pagination?.totalFiltered).toBe(body.data.length);
    expect(body.message).toBe(`${body.data.length} genes for epilepsy`);
    expect(body.protein_lookup).toEqual({ name: "SCN", genes: ["SRI"], total: 1 });
    expect(body.data[0]?.match).toBe("SYMBOL_FAMILY");
  });

  it("says how many genes a disease has when the filter matches none", async () => {
    const all = await filter("", "all", 1);
    // Without a term the rows carry no match and are not protein-derived.
    expect(all.data[0]).toMatchObject({ match: null, protein_derived: false });
    const body = await filter("zzqqxx");
    expect(body.success).toBe(true);
    expect(body.data).toEqual([]);
    expect(body.protein_lookup).toBeNull();
    expect(body.message).toBe(`No genes match 'zzqqxx' among the ${all.pagination!.total} genes of epilepsy`);
  });

  it("keeps the filter's symbol substring and Entrez matches, after the ranked ones", async () => {
    const body = await filter("1a");
    const names = body.data.map((g) => g.humanName);
    expect(names).toContain("SCN1A");
    expect(body.data.every((g) => g.humanName.toLowerCase().includes("1a") || g.match !== "SUBSTRING")).toBe(
      true,
    );
  });
});
