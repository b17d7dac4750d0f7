import { describe, expect, it } from "vitest";
import { GeneRanking, MATCH_RANK } from "../../gateway/search/gene-ranking";

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
  it("ranks exact symbol, exact alias, symbol prefix, alias prefix and protein name as the search promises", () => {
    // dlg4: DLG4's symbol (0); DLG1's alias 'dlg4' (1); nothing else starts with or contains it.
    expect(ranks("dlg4")).toEqual({ DLG4: MATCH_RANK.exactSymbol, DLG1: MATCH_RANK.exactAlias });
    // dlg: prefix of DLG4, DLG1 and DLGAP1 symbols (2); also DLGAP1's protein name, but the best rank wins.
    expect(ranks("DLG")).toEqual({ DLG4: 2, DLG1: 2, DLGAP1: 2 });
    // psd: PSD95 is an alias prefix of DLG4 and SHANK3 (3).
    expect(ranks("psd")).toEqual({ DLG4: MATCH_RANK.aliasPrefix, SHANK3: MATCH_RANK.aliasPrefix });
    // kinase: only CAMK2A's protein name contains it (4).
    expect(ranks("kinase")).toEqual({ CAMK2A: MATCH_RANK.proteinName });
    // 'scaffold protein' sits inside two names, mid-string.
    expect(ranks("scaffold protein")).toEqual({ DLG4: 4, DLG1: 4 });
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
