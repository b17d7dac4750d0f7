import { describe, expect, it } from "vitest";
import {
  compareRanked,
  GeneRanking,
  MATCH_RANK,
  matchKind,
  pageInRankOrder,
} from "../../gateway/search/gene-ranking";

const genes = [
  { id: 1, symbol: "DLG4", aliases: ["PSD95", "SAP90"], proteinName: "Discs large MAGUK scaffold protein 4" },
  { id: 2, symbol: "DLG1", aliases: ["SAP97", "dlg4"], proteinName: "Discs large MAGUK scaffold protein 1" },
  { id: 3, symbol: "DLGAP1", aliases: [], proteinName: "DLG associated protein 1" },
  {
    id: 4,
    symbol: "CAMK2A",
    aliases: ["CAMKA"],
    proteinName: "Calcium/calmodulin dependent protein kinase II alpha",
  },
  { id: 5, symbol: "SHANK3", aliases: ["PSD95-interactor"], proteinName: null },
];
const ranking = new GeneRanking(genes);
const ranks = (term: string) =>
  Object.fromEntries(ranking.rank(term).map((r) => [r.name, r.rank])) as Record<string, number>;

describe("gene search ranking (in memory)", () => {
  it("ranks exact symbol, exact alias, symbol family and prefix, alias prefix and protein name as the search promises", () => {
    // dlg4: DLG4's symbol; DLG1's alias 'dlg4'; nothing else starts with or contains it.
    expect(ranks("dlg4")).toEqual({ DLG4: MATCH_RANK.exactSymbol, DLG1: MATCH_RANK.exactAlias });
    // dlg: DLG4 and DLG1 are the DLG family (DLG and a number), DLGAP1 only starts with it; DLGAP1's
    // protein name holds it too, but the best group wins.
    expect(ranks("DLG")).toEqual({
      DLG4: MATCH_RANK.symbolFamily,
      DLG1: MATCH_RANK.symbolFamily,
      DLGAP1: MATCH_RANK.symbolPrefix,
    });
    // camk2: CAMK2A is the family (a digit, then one letter).
    expect(ranks("camk2")).toEqual({ CAMK2A: MATCH_RANK.symbolFamily });
    // psd: PSD95 is an alias prefix of DLG4 and SHANK3.
    expect(ranks("psd")).toEqual({ DLG4: MATCH_RANK.aliasPrefix, SHANK3: MATCH_RANK.aliasPrefix });
    // kinase: only CAMK2A's protein name contains it.
    expect(ranks("kinase")).toEqual({ CAMK2A: MATCH_RANK.proteinName });
    // 'scaffold protein' sits inside two names, mid-string.
    expect(ranks("scaffold protein")).toEqual({ DLG4: MATCH_RANK.proteinName, DLG1: MATCH_RANK.proteinName });
  });

  it("ranks an alias of one gene above the term's family, and an alias of several genes below it", () => {
    const aliased = new GeneRanking([
      { id: 1, symbol: "SYN1", aliases: [], proteinName: null },
      { id: 2, symbol: "FYN", aliases: ["SYN"], proteinName: null },
      { id: 3, symbol: "SYNM", aliases: ["SYN"], proteinName: null },
      { id: 4, symbol: "DLGAP1", aliases: ["GKAP"], proteinName: null },
      { id: 5, symbol: "GKAP1", aliases: [], proteinName: null },
    ]);
    const order = (term: string) =>
      pageInRankOrder(aliased.rank(term), 0, 10).map((r) => `${matchKind(r.rank)}:${r.name}`);
    expect(order("SYN")).toEqual(["SYMBOL_FAMILY:SYN1", "SHARED_ALIAS:FYN", "SHARED_ALIAS:SYNM"]);
    expect(order("gkap")).toEqual(["ALIAS:DLGAP1", "SYMBOL_FAMILY:GKAP1"]);
  });

  it("finds human Entrez and MGI ids before mouse and rat Entrez ids", () => {
    const withIds = new GeneRanking([
      {
        id: 1,
        symbol: "DLG4",
        aliases: [],
        proteinName: null,
        humanEntrez: 1742,
        mouseEntrez: 13385,
        mgi: "MGI:1277959",
      },
      { id: 2, symbol: "XYZ1", aliases: [], proteinName: null, humanEntrez: 13385, ratEntrez: 1742 },
    ]);
    const of = (term: string) => withIds.rank(term).map((r) => [r.name, matchKind(r.rank)]);
    expect(of("1742")).toEqual([
      ["DLG4", "ID"],
      ["XYZ1", "ORTHOLOG_ID"],
    ]);
    expect(of("13385").sort()).toEqual([
      ["DLG4", "ORTHOLOG_ID"],
      ["XYZ1", "ID"],
    ]);
    expect(of("mgi:1277959")).toEqual([["DLG4", "ID"]]);
    expect(of("MGI1277959")).toEqual([["DLG4", "ID"]]);
  });

  it("adds the protein lookup's genes as protein-derived, unless they match better", () => {
    const result = ranking.rank("psd", ["DLG4", "CAMK2A", "NOTAGENE"]);
    const byName = Object.fromEntries(result.map((r) => [r.name, r]));
    expect(byName.DLG4).toMatchObject({ rank: MATCH_RANK.aliasPrefix, proteinDerived: false });
    expect(byName.CAMK2A).toMatchObject({ rank: MATCH_RANK.proteinLookup, proteinDerived: true });
    expect(result).toHaveLength(3);
  });

  it("orders by group, then how the protein name holds the term, then symbols in natural order", () => {
    const named = new GeneRanking([
      { id: 1, symbol: "SYN10", aliases: [], proteinName: null },
      { id: 2, symbol: "SYN2", aliases: [], proteinName: null },
      { id: 3, symbol: "ZZZ", aliases: [], proteinName: "synapsin" },
      { id: 4, symbol: "AAA", aliases: [], proteinName: "protein synapsin like" },
      { id: 5, symbol: "BBB", aliases: [], proteinName: "synapsin like" },
      { id: 6, symbol: "CCC", aliases: [], proteinName: "presynapsinoid" },
    ]);
    const order = (term: string) => pageInRankOrder(named.rank(term), 0, 10).map((r) => r.name);
    // Both names start with "syn" (one tier), so by symbol: BBB before ZZZ.
    expect(order("SYN")).toEqual(["SYN2", "SYN10", "BBB", "ZZZ", "AAA", "CCC"]);
    expect(order("synapsin")).toEqual(["ZZZ", "BBB", "AAA", "CCC"]);
    expect([...named.rank("synapsin")].sort(compareRanked).map((r) => r.tier)).toEqual([0, 1, 2, 3]);
  });

  it("trims and ignores case like the stored search keys", () => {
    expect(ranks("  Sap90 ")).toEqual({ DLG4: MATCH_RANK.exactAlias });
    expect(ranks("camk2a")).toEqual({ CAMK2A: MATCH_RANK.exactSymbol });
  });

  it("finds nothing for an unknown or blank term", () => {
    expect(ranking.rank("zzzz")).toEqual([]);
    expect(ranking.rank("   ")).toEqual([]);
  });

  it("lists each gene once with its ids", () => {
    const result = ranking.rank("protein");
    expect(result.map((r) => r.id).sort()).toEqual([1, 2, 3, 4]);
  });
});
